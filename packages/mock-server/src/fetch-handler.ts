/**
 * The reference server as a WHATWG fetch handler, `(request: Request) => Promise<Response>`: the
 * same core as the node:http server (server.ts `respond`), the same options, no port. For an
 * integrator's unit tests (MSW: see msw.ts), edge runtimes, or the kit's in-process target.
 * The Intent Status websocket needs a socket and is not part of a fetch handler.
 */
import { bodyTooLarge, type CoreRequest } from './http/request.js';
import type { WireReply } from './http/respond.js';
import { buildMock, type MockControls, type MockOptions } from './mock-server.js';

export interface MockHandlerOptions extends MockOptions {
  /**
   * The origin the server calls itself (the v2 deprecation links, the 429's `successor`); default:
   * the origin of each request.
   */
  baseUrl?: string;
}

export interface MockHandler extends MockControls {
  /** Answers one request, as the reference server over HTTP would. Never rejects for bad input (a 4xx). */
  fetch(request: Request): Promise<Response>;
}

/** Reads a WHATWG body as UTF-8, at most `maxBytes` bytes (a 413 past them). */
async function readBounded(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(size, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A {@link CoreRequest} over a WHATWG `Request`. */
export function coreRequestOf(request: Request, url: URL): CoreRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { method: request.method.toUpperCase(), url: url.pathname + url.search, headers, body: (max) => readBounded(request, max) };
}

/** The wire reply as a WHATWG `Response` (chunked variant: a stream of chunks, no Content-Length). */
export function responseOf(wire: WireReply): Response {
  const { body, chunkBytes } = wire;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!chunkBytes) return new Response(bytes.length > 0 ? bytes : null, { status: wire.status, headers: wire.headers });
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + chunkBytes));
      at += chunkBytes;
    },
  });
  return new Response(stream, { status: wire.status, headers: wire.headers });
}

/**
 * Builds the reference server as a fetch handler. Throws an Error that says what is wrong for bad
 * options (as `startMockServer` does). `close()` stops its timers and webhook deliveries.
 */
export function createMockHandler(options: MockHandlerOptions = {}): MockHandler {
  const { baseUrl, ...mockOptions } = options;
  let fixed: string | undefined;
  if (baseUrl !== undefined) {
    try {
      fixed = new URL(baseUrl).origin;
    } catch {
      throw new Error(`baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}. Example: https://api.example.test`);
    }
  }
  const mock = buildMock(mockOptions);
  mock.startTimers();
  const { app } = mock;
  if (fixed) app.baseUrl = fixed;
  let closed = false;
  return {
    ...mock.controls,
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      if (!fixed) app.baseUrl = url.origin;
      return responseOf(await app.respond(coreRequestOf(request, url)));
    },
    close() {
      if (!closed) {
        closed = true;
        mock.stop();
      }
      return Promise.resolve();
    },
  };
}
