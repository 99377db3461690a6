/** The node:http adapter of the core: an `IncomingMessage` as a {@link CoreRequest}, a {@link WireReply} onto a `ServerResponse`. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTooLarge, type CoreRequest } from './request.js';
import type { WireReply } from './respond.js';

function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        reject(bodyTooLarge(size, maxBytes));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function nodeRequest(req: IncomingMessage): CoreRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    body: (maxBytes) => readBody(req, maxBytes),
    ...(req.socket.remoteAddress !== undefined ? { remoteAddress: req.socket.remoteAddress } : {}),
  };
}

export function writeWire(res: ServerResponse, wire: WireReply): void {
  if (res.headersSent) return;
  res.writeHead(wire.status, wire.headers);
  const { body, chunkBytes } = wire;
  if (!chunkBytes) {
    res.end(body);
    return;
  }
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  for (let at = 0; at < bytes.length; at += chunkBytes) res.write(bytes.subarray(at, at + chunkBytes));
  res.end();
}
