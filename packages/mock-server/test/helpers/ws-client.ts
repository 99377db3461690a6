/**
 * Test helper: a websocket client that queues every JSON message it receives, so that a test can
 * await the next one matching a predicate (bounded by a timeout) or assert that none came.
 */
import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  received: any[];
  /** The first message (received or to come) matching `match` after the ones already taken. */
  next(match?: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  send(message: unknown): void;
  close(): Promise<void>;
}

/** Opens `url` and waits for the connection (rejects on an HTTP refusal with its status). */
export function openSocket(url: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const received: any[] = [];
    let taken = 0;
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      received.push(JSON.parse(data.toString()));
      for (const w of waiters.splice(0)) w();
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        received,
        next(match = () => true, timeoutMs = 3000) {
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(received.slice(taken))}`)), timeoutMs);
            const look = (): void => {
              for (let i = taken; i < received.length; i++) {
                if (match(received[i])) {
                  taken = i + 1;
                  clearTimeout(timer);
                  return res(received[i]);
                }
              }
              waiters.push(look);
            };
            look();
          });
        },
        send(message) {
          socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
        },
        close() {
          if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
          return new Promise((res) => {
            socket.once('close', () => res());
            socket.close();
          });
        },
      }),
    );
  });
}
