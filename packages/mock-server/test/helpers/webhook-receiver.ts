/**
 * Test helper: a local webhook receiver that records every delivery (raw body, headers, time) and
 * answers with `answer(n)` (the status for the n-th delivery, 0-based; 200 by default; 0 = never
 * answer, to provoke a timeout; -1 = close the connection without an answer).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  at: number;
}

export interface TestReceiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves once `n` deliveries arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: (n: number) => number = () => 200): Promise<TestReceiver> {
  const deliveries: Delivery[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answer(deliveries.length);
      deliveries.push({ raw: Buffer.concat(chunks), headers: req.headers, at: Date.now() });
      for (const w of waiters.splice(0)) w();
      if (status === 0) return;
      if (status === -1) {
        res.socket?.destroy(); // no answer at all: the connection closes (a transport failure)
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    waitFor(n, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${deliveries.length} of ${n} deliveries within ${timeoutMs} ms`)), timeoutMs);
        const look = (): void => {
          if (deliveries.length >= n) {
            clearTimeout(timer);
            resolve(deliveries);
          } else waiters.push(look);
        };
        look();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
