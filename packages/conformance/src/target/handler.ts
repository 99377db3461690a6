/**
 * An in-process target: a WHATWG fetch handler, `(request: Request) => Response | Promise<Response>`
 * (Hono's `app.fetch`, itty-router's `router.fetch`, a Next.js route module's `GET`/`POST`
 * exports, the reference server's `createMockHandler().fetch`, anything of that shape), checked
 * with no port and no socket.
 *
 * {@link handlerFetch} makes it the kit's {@link FetchLike}, behaving for the kit as a server at a
 * URL would: `Content-Encoding` decoded, the body bounded by `maxBodyBytes` after decoding, the
 * abort signal honoured while the handler runs (a handler that never answers times out like a
 * server that never answers), and a handler that throws or answers something that is not a
 * Response is a transport failure of that request, reported like a refused connection.
 */
import { createRequire } from 'node:module';
import { isAbsolute, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/fields.js';
import { abortError, decodedBody, DEFAULT_HEADERS, fetchFailed, readText } from '../engine/agent-fetch.js';
import { BodyTooLargeError } from '../engine/http.js';
import type { FetchLike } from '../engine/http.js';

export type FetchHandler = (request: Request) => Response | Promise<Response>;
/** A handler, or an object that has one as its `fetch` method (a Hono app, an itty-router router). */
export type HandlerTarget = FetchHandler | { fetch: FetchHandler };

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function isResponse(value: unknown): value is Response {
  const r = value as Partial<Response> | null;
  return typeof r === 'object' && r !== null && typeof r.status === 'number' && typeof r.headers?.forEach === 'function' && 'body' in r;
}

/** The handler of a target (a function, or an object whose `fetch` is one), or undefined. */
export function handlerOf(target: unknown): FetchHandler | undefined {
  const withFetch = target as { fetch?: unknown } | null;
  if ((typeof target === 'object' || typeof target === 'function') && withFetch !== null && typeof withFetch.fetch === 'function') {
    const fetch = withFetch.fetch as FetchHandler;
    return (request) => fetch.call(target, request);
  }
  return typeof target === 'function' ? (target as FetchHandler) : undefined;
}

/** A route module (Next.js App Router style: `export async function GET(request)`) as one handler; 405 for other methods. */
export function routeModuleHandler(mod: Record<string, unknown>): FetchHandler | undefined {
  const exported = METHODS.filter((m) => typeof mod[m] === 'function');
  if (exported.length === 0) return undefined;
  const allow = [...exported, ...(exported.includes('GET') && !exported.includes('HEAD') ? ['HEAD'] : [])].join(', ');
  return (request) => {
    const method = request.method.toUpperCase();
    const fn = (mod[method] ?? (method === 'HEAD' ? mod.GET : undefined)) as FetchHandler | undefined;
    if (fn) return fn(request);
    return new Response(JSON.stringify({ message: `Method ${method} is not exported by the route module; it exports ${exported.join(', ')}` }), {
      status: 405,
      headers: { 'content-type': 'application/json', allow },
    });
  };
}

/** A body that is not encoded, read straight from its web stream: at most `maxBytes`, the abort signal honoured. */
async function readWebText(body: ReadableStream<Uint8Array>, signal: AbortSignal, maxBytes = Infinity): Promise<string> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw abortError();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof BodyTooLargeError || signal.aborted) throw signal.aborted ? abortError() : err;
    throw fetchFailed(err);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return new TextDecoder('utf-8').decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** The kit's {@link FetchLike} over a handler: the request as a WHATWG `Request`, the `Response` read as a server's would be. */
export function handlerFetch(handler: FetchHandler): FetchLike {
  return async (input, init) => {
    if (init.signal.aborted) throw abortError();
    const headers = new Headers(DEFAULT_HEADERS);
    for (const [k, v] of Object.entries(init.headers)) headers.set(k, v);
    let request: Request;
    try {
      request = new Request(input, { method: init.method, headers, ...(init.body !== undefined ? { body: init.body } : {}), signal: init.signal });
    } catch (err) {
      throw new TypeError(err instanceof Error ? err.message : String(err), { cause: err });
    }
    let aborted: (() => void) | undefined;
    const abort = new Promise<never>((_, reject) => {
      aborted = () => reject(abortError());
      init.signal.addEventListener('abort', aborted, { once: true });
    });
    let res: unknown;
    try {
      res = await Promise.race([Promise.resolve().then(() => handler(request)), abort]);
    } catch (err) {
      if (init.signal.aborted) throw abortError();
      throw fetchFailed(new Error(`the handler threw: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
    } finally {
      init.signal.removeEventListener('abort', aborted!);
    }
    if (!isResponse(res)) {
      const shown = res === null ? 'null' : typeof res === 'object' ? `an object with keys ${Object.keys(res as object).slice(0, 5).join(', ') || '(none)'}` : typeof res;
      throw fetchFailed(new Error(`the handler answered ${shown}, not a Response`));
    }
    const bodyless = init.method.toUpperCase() === 'HEAD' || res.status === 204 || res.status === 304 || res.body === null;
    const coding = res.headers.get('content-encoding')?.trim().toLowerCase();
    let text: Promise<string>;
    if (bodyless) text = Promise.resolve('');
    else if (!coding || coding === 'identity') text = readWebText(res.body!, init.signal, init.maxBodyBytes);
    else {
      const raw = Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>);
      text = readText(raw, decodedBody(raw, coding), init.signal, init.maxBodyBytes);
    }
    text.catch(() => undefined);
    return { status: res.status, headers: res.headers, text: () => text };
  };
}

/**
 * Loads `--target <module>[#<export>]`: a JavaScript module (a path from `cwd`, or a package name)
 * and its export (default `default`, else a route module's method exports). Throws a
 * {@link ConfigError} that says what is wrong and how to fix it.
 */
export async function loadHandlerTarget(spec: string, cwd: string = process.cwd()): Promise<FetchHandler> {
  const hash = spec.lastIndexOf('#');
  const specifier = hash >= 0 ? spec.slice(0, hash) : spec;
  const name = hash >= 0 ? spec.slice(hash + 1) : undefined;
  const example = 'Example: --target ./dist/app.js#handler';
  if (specifier === '') throw new ConfigError(`--target must name a module, got ${JSON.stringify(spec)}. ${example}`);
  let file: string;
  try {
    const pathLike = specifier.startsWith('.') || isAbsolute(specifier) || /\.[cm]?js$/.test(specifier);
    file = pathLike ? resolve(cwd, specifier) : createRequire(resolve(cwd, 'package.json')).resolve(specifier);
  } catch {
    throw new ConfigError(`--target cannot find the module ${JSON.stringify(specifier)} from ${cwd}. ${example}`);
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    const ts = /\.[cm]?tsx?$/.test(file) ? ' (a TypeScript module needs a loader: build it to JavaScript, or run the kit under tsx)' : '';
    throw new ConfigError(`--target cannot load ${JSON.stringify(specifier)}: ${why}${ts}. ${example}`);
  }
  if (name !== undefined && name !== '') {
    if (!(name in mod)) throw new ConfigError(`--target: ${JSON.stringify(specifier)} has no export ${JSON.stringify(name)}; its exports: ${Object.keys(mod).sort().join(', ') || '(none)'}. ${example}`);
    const handler = handlerOf(mod[name]);
    if (!handler) throw new ConfigError(`--target: the export ${JSON.stringify(name)} of ${JSON.stringify(specifier)} is ${typeof mod[name]}, not a fetch handler ((request) => Response) or an object with a fetch method. ${example}`);
    return handler;
  }
  const handler = handlerOf(mod.default) ?? routeModuleHandler(mod);
  if (!handler) {
    throw new ConfigError(`--target: ${JSON.stringify(specifier)} has no default fetch handler and no route exports (GET, POST…); name the export: --target ${specifier}#<export> (its exports: ${Object.keys(mod).sort().join(', ') || '(none)'})`);
  }
  return handler;
}
