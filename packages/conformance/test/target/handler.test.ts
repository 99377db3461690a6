/** In-process targets: a WHATWG fetch handler as the kit's fetch, and `--target` loading. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/fields.js';
import { BodyTooLargeError } from '../../src/engine/http.js';
import { handlerFetch, handlerOf, loadHandlerTarget, routeModuleHandler } from '../../src/target/handler.js';

const init = (extra: Partial<Parameters<ReturnType<typeof handlerFetch>>[1]> = {}) => ({ method: 'GET', headers: { 'x-api-key': 'k' }, signal: new AbortController().signal, ...extra });
const headersOf = (h: { forEach(cb: (v: string, k: string) => void): void }) => {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
};

describe('handlerFetch', () => {
  it('gives the handler a Request with the method, headers and body, and reads its Response', async () => {
    let seen: Request | undefined;
    const f = handlerFetch(async (req) => {
      seen = req;
      return Response.json({ echo: await req.text() }, { status: 201, headers: { 'x-one': '1' } });
    });
    const res = await f('http://in-process.test/currencies/v2', init({ method: 'POST', body: '{"limit":1}', headers: { 'content-type': 'application/json', 'x-api-key': 'k' } }));
    expect(res.status).toBe(201);
    expect(JSON.parse(await res.text())).toEqual({ echo: '{"limit":1}' });
    expect(headersOf(res.headers)).toMatchObject({ 'x-one': '1', 'content-type': 'application/json' });
    expect(seen!.method).toBe('POST');
    expect(seen!.url).toBe('http://in-process.test/currencies/v2');
    expect(seen!.headers.get('x-api-key')).toBe('k');
    // The default request headers of a fetch client, as the kit sends them to a URL.
    expect(seen!.headers.get('accept-encoding')).toBe('gzip, deflate');
  });

  it('decodes Content-Encoding as a fetch client would', async () => {
    const body = gzipSync(Buffer.from('{"requests":[]}'));
    const f = handlerFetch(() => new Response(body, { headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' } }));
    expect(await (await f('http://x.test/requests/v3', init())).text()).toBe('{"requests":[]}');
  });

  it('bounds the body after decoding (a gzip bomb stops at maxBodyBytes)', async () => {
    const bomb = gzipSync(Buffer.alloc(5_000_000, 0x20));
    const f = handlerFetch(() => new Response(bomb, { headers: { 'content-encoding': 'gzip' } }));
    const res = await f('http://x.test/', init({ maxBodyBytes: 100_000 }));
    await expect(res.text()).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('bounds a body that never ends, and aborts one that stalls', async () => {
    const endless = () => new Response(new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }));
    await expect((await handlerFetch(endless)('http://x.test/', init({ maxBodyBytes: 1_000_000 }))).text()).rejects.toBeInstanceOf(BodyTooLargeError);
    const controller = new AbortController();
    const stalled = handlerFetch(() => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"requ')) })));
    const res = await stalled('http://x.test/', init({ signal: controller.signal }));
    const text = res.text();
    controller.abort();
    await expect(text).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a handler that never answers is aborted by the signal, like a server that never answers', async () => {
    const controller = new AbortController();
    const f = handlerFetch(() => new Promise<Response>(() => undefined));
    const pending = f('http://x.test/', init({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a handler that throws, or answers no Response, is a transport failure that says so', async () => {
    await expect(handlerFetch(() => { throw new Error('boom'); })('http://x.test/', init())).rejects.toMatchObject({ message: 'fetch failed', cause: { message: 'the handler threw: boom' } });
    await expect(handlerFetch(async () => { throw new RangeError('late'); })('http://x.test/', init())).rejects.toMatchObject({ cause: { message: 'the handler threw: late' } });
    const notResponse = handlerFetch((() => ({ status: 'ok' })) as never);
    await expect(notResponse('http://x.test/', init())).rejects.toMatchObject({ cause: { message: 'the handler answered an object with keys status, not a Response' } });
    await expect(handlerFetch((() => undefined) as never)('http://x.test/', init())).rejects.toMatchObject({ cause: { message: 'the handler answered undefined, not a Response' } });
  });

  it('reads no body for HEAD', async () => {
    const f = handlerFetch(() => new Response('{"a":1}', { headers: { 'content-length': '7' } }));
    expect(await (await f('http://x.test/', init({ method: 'HEAD' }))).text()).toBe('');
  });
});

describe('handlerOf and route modules', () => {
  it('takes a function, or an object with a fetch method called on its object (a Hono app)', async () => {
    const app = { prefix: 'hono', fetch(this: { prefix: string }, req: Request) { return new Response(`${this.prefix} ${new URL(req.url).pathname}`); } };
    expect(await (await handlerOf(app)!(new Request('http://x.test/a'))).text()).toBe('hono /a');
    expect(handlerOf(() => new Response(''))).toBeTypeOf('function');
    expect(handlerOf({ fetch: 'no' })).toBeUndefined();
    expect(handlerOf(42)).toBeUndefined();
  });

  it('dispatches a route module by method, HEAD to GET, 405 with Allow otherwise', async () => {
    const handler = routeModuleHandler({ GET: () => new Response('got'), POST: () => new Response('posted') })!;
    expect(await (await handler(new Request('http://x.test/', { method: 'POST' }))).text()).toBe('posted');
    expect((await handler(new Request('http://x.test/', { method: 'HEAD' }))).status).toBe(200);
    const refused = await handler(new Request('http://x.test/', { method: 'DELETE' }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(routeModuleHandler({ helper: () => 1 })).toBeUndefined();
  });
});

describe('loadHandlerTarget (--target)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-target-'));
  writeFileSync(join(dir, 'app.mjs'), "export const handler = (req) => new Response(new URL(req.url).pathname);\nexport default { fetch: () => new Response('default') };\nexport const notAHandler = 3;\n");
  writeFileSync(join(dir, 'route.mjs'), "export async function GET() { return new Response('route get'); }\n");
  writeFileSync(join(dir, 'broken.mjs'), 'export const = ;\n');
  const call = async (spec: string) => (await (await loadHandlerTarget(spec, dir))(new Request('http://x.test/p'))).text();

  it('loads a named export, the default export, or a route module', async () => {
    expect(await call('./app.mjs#handler')).toBe('/p');
    expect(await call('./app.mjs')).toBe('default');
    expect(await call(join(dir, 'route.mjs'))).toBe('route get');
  });

  it.each([
    ['./missing.mjs', /--target cannot load "\.\/missing\.mjs": .*Example: --target \.\/dist\/app\.js#handler/],
    ['./broken.mjs', /--target cannot load "\.\/broken\.mjs"/],
    ['./app.mjs#nope', /has no export "nope"; its exports: default, handler, notAHandler/],
    ['./app.mjs#notAHandler', /the export "notAHandler" of "\.\/app\.mjs" is number, not a fetch handler/],
    ['#handler', /--target must name a module, got "#handler"/],
    ['no-such-package-here', /--target cannot find the module "no-such-package-here"/],
  ])('refuses %s with a ConfigError that says what is wrong', async (spec, message) => {
    const err = await loadHandlerTarget(spec, dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
  });
});
