/**
 * The recorder of integrators' mocks (`@crosschain/conformance/recorder`, issue 26 point 2): it
 * observes what the code under test receives for the API's paths in a vitest or jest run, whatever
 * stands in for the API — a `fetch` stub (`vi.fn`/`jest.fn` assigned to `globalThis.fetch`,
 * `vi.spyOn(globalThis, 'fetch')`, `vi.stubGlobal`), MSW, undici's `MockAgent`, nock, mockttp or a
 * real server — and judges those exchanges with the passive oracles `audit` uses
 * (recordings/audit.ts over passive/auditor.ts), or writes them as a HAR 1.2 file for `audit`.
 *
 * It never changes what the code under test gets:
 * - the real `fetch` (and whatever MSW or nock put in its place) is wrapped by a function that
 *   returns the very response the wrapped one returned, having read a `clone()` of it;
 * - a mock function standing for `fetch` is not wrapped (its `mock.calls`, identity and
 *   assertions stay the user's): its calls and results are read from `mock.calls`/`mock.results`
 *   ({@link ApiRecorder.harvest}); a body the code already read is known because the body readers
 *   of `Response.prototype` note, before reading, the text of a clone of any response whose body
 *   is still unread (they then read the original as before);
 * - a response stub that is a plain object (`{ ok, status, json: async () => body }`) is read
 *   through its own `text()`/`json()` when they are plain functions, and through their
 *   `mock.results` when they are mock functions (never called again).
 *
 * MSW's lifecycle event `response:mocked` ({@link ApiRecorder.msw}) records what a `node:http`
 * client (axios) got from MSW; an exchange that the `fetch` wrapper saw too is kept once.
 */
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import { REDACTED } from '../engine/redact.js';
import type { CheckOutcome, RunResult } from '../engine/types.js';
import type { ResponseValidator } from '../engine/validator.js';
import { operationOf, parseUrl, type ObservedExchange } from '../passive/observed.js';
import { apiValidator, auditRecordings, type RecordingAudit } from '../recordings/audit.js';
import type { Interaction } from '../recordings/interaction.js';
import type { Recordings } from '../recordings/index.js';
import { renderOutcomeBlock } from '../reporters/console.js';

/** Where an exchange was seen. */
export type RecorderSource = 'fetch' | 'fetch-mock' | 'msw' | 'nock';

/** The parts of a nock scope the recorder listens to (`nock(...).get(...).reply(...)` returns it). */
export interface NockScopeLike {
  on(event: 'request', listener: (req: NockRequestLike, interceptor: unknown, body: string) => void): unknown;
  on(event: 'replied', listener: (req: NockRequestLike, interceptor: NockInterceptorLike) => void): unknown;
}
interface NockRequestLike {
  method?: string;
  path?: string;
  options?: { href?: string };
  getHeaders?: () => Record<string, unknown>;
}
interface NockInterceptorLike {
  statusCode?: number;
  body?: unknown;
  rawHeaders?: unknown;
  headers?: unknown;
  basePath?: string;
}

export interface RecorderOptions {
  /**
   * Record only URLs that start with one of these (e.g. `https://api.relay.link`); every exchange
   * under them is recorded, and one whose path is no operation of the API is listed as not judged.
   * Without it, any URL whose path (or a suffix of it) is an operation of the API is recorded.
   */
  baseUrl?: string | readonly string[];
  /** Judge the exchanges at the end (default true); false only records (for {@link ApiRecorder.writeHar}). */
  judge?: boolean;
  /** `--strict`: SHOULD violations fail too. */
  strict?: boolean;
  /** `--accept-divergences`: violations that are all catalogued divergences of the live service end `known`. */
  acceptDivergences?: boolean;
  /**
   * The clock that dates each exchange (epoch ms); the audit judges each by the timeline of its
   * date (v2 deprecation, sunset). Default: the response's `Date` header, else `Date.now()`.
   */
  now?: () => number;
  /** Names the exchange's test (the installers pass the running test's name). */
  testName?: () => string | undefined;
}

type MockResult = { type: string; value: unknown };
interface MockLike {
  (...args: unknown[]): unknown;
  mock: { calls: unknown[][]; results: MockResult[] };
}

/** Whether `f` is a vitest or jest mock function (it keeps `mock.calls` and `mock.results`). */
export function isMockFunction(f: unknown): f is MockLike {
  if (typeof f !== 'function') return false;
  const mock = (f as { mock?: { calls?: unknown; results?: unknown } }).mock;
  return typeof mock === 'object' && mock !== null && Array.isArray(mock.calls) && Array.isArray(mock.results);
}

const WRAPPED = Symbol.for('crosschain.conformance.recorder.wrapped');
/** Texts of bodies noted before the code read them (Response.prototype readers). */
const BODY_NOTES = new WeakMap<object, Promise<string>>();
/** Responses the fetch wrapper recorded: a mock or an outer wrapper returning the same one does not record it again. */
const RECORDED = new WeakSet<object>();
const READERS = ['text', 'json', 'arrayBuffer', 'blob', 'bytes', 'formData'] as const;
let readersPatched: Array<[string, unknown]> | undefined;
/** Set while the recorder itself reads a body: the patched readers then only read. */
let reading = false;
/** Recorders installed: a body read tells them which mock stands for `fetch` now (read later even if restored first). */
const ACTIVE = new Set<ApiRecorder>();
/** The real timer, taken before a test fakes the clock. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
/** Which recorder made each fetch wrapper (so that it unwraps only its own). */
const OWNERS = new WeakMap<object, ApiRecorder>();
/** How long a body is waited for (a stream that never ends is not waited for). */
const BODY_WAIT_MS = 1_000;

/** Makes the body readers of `Response.prototype` note a clone's text before reading (idempotent). */
function patchReaders(): void {
  if (readersPatched || typeof Response === 'undefined') return;
  readersPatched = [];
  const proto = Response.prototype as unknown as Record<string, unknown>;
  for (const name of READERS) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    readersPatched.push([name, original]);
    proto[name] = function (this: Response, ...args: unknown[]) {
      if (!reading && !this.bodyUsed && !BODY_NOTES.has(this)) {
        try {
          BODY_NOTES.set(this, textOf(this.clone()));
        } catch {
          // A body that cannot be cloned (locked stream): nothing noted, the read goes on as before.
        }
        for (const r of ACTIVE) r.noteFetchMock();
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

/** The text of a response the recorder owns (a clone), read without noting it again. */
function textOf(res: Response): Promise<string> {
  reading = true;
  try {
    return res.text();
  } finally {
    reading = false;
  }
}

function unpatchReaders(): void {
  if (!readersPatched) return;
  const proto = Response.prototype as unknown as Record<string, unknown>;
  for (const [name, original] of readersPatched) proto[name] = original;
  readersPatched = undefined;
}

/** A value, or undefined when it has not settled within a tick (a stub that never answers). */
async function settled<T>(value: T | PromiseLike<T>, ms = 50): Promise<{ value: T } | undefined> {
  if (!value || typeof (value as PromiseLike<T>).then !== 'function') return { value: value as T };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = realSetTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([Promise.resolve(value).then((v) => ({ value: v }), () => undefined), timeout]);
  } finally {
    realClearTimeout(timer);
  }
}

function lowerHeaders(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  if (typeof Headers !== 'undefined' && h instanceof Headers) {
    for (const [k, v] of h.entries()) out[k.toLowerCase()] = v;
    return out;
  }
  if (Array.isArray(h)) {
    for (const pair of h) if (Array.isArray(pair) && pair.length >= 2) out[String(pair[0]).toLowerCase()] = String(pair[1]);
    return out;
  }
  if (typeof h === 'object') {
    for (const [k, v] of Object.entries(h as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      out[k.toLowerCase()] = Array.isArray(v) ? v.map(String).join(', ') : String(v);
    }
  }
  return out;
}

/** The request of a `fetch(input, init)` call: method, absolute URL, headers, text body. */
export function requestOf(input: unknown, init: unknown): { method: string; url: string; headers: Record<string, string>; body?: string } | undefined {
  const i = (init ?? {}) as { method?: unknown; headers?: unknown; body?: unknown };
  const isRequest = typeof Request !== 'undefined' && input instanceof Request;
  const raw = isRequest ? (input as Request).url : input instanceof URL ? input.href : typeof input === 'string' ? input : undefined;
  if (raw === undefined) return undefined;
  const base = (globalThis as { location?: { href?: string } }).location?.href ?? 'http://localhost/';
  let url: string;
  try {
    url = new URL(raw, base).href;
  } catch {
    return undefined;
  }
  const method = (typeof i.method === 'string' ? i.method : isRequest ? (input as Request).method : 'GET').toUpperCase();
  const headers = { ...(isRequest ? lowerHeaders((input as Request).headers) : {}), ...lowerHeaders(i.headers) };
  const body = typeof i.body === 'string' ? i.body : i.body instanceof URLSearchParams ? i.body.toString() : undefined;
  return { method, url, headers, ...(body !== undefined ? { body } : {}) };
}

/** What a fetch returned, read without consuming anything the code under test will read. */
async function responseOf(res: unknown): Promise<{ status: number; headers: Record<string, string>; body?: string; assumedJson?: boolean } | { unjudged: string }> {
  if (typeof Response !== 'undefined' && res instanceof Response) {
    const headers = lowerHeaders(res.headers);
    const noted = BODY_NOTES.get(res);
    let body: string | undefined;
    let waited = false;
    if (noted) {
      body = (await settled(noted, BODY_WAIT_MS))?.value;
      waited = body === undefined;
    } else if (!res.bodyUsed) {
      let copy: Response | undefined;
      try {
        copy = res.clone();
        body = (await settled(textOf(copy), BODY_WAIT_MS))?.value;
        waited = body === undefined;
      } catch {
        body = undefined;
      }
      if (waited) void copy?.body?.cancel().catch(() => undefined);
    }
    if (body === undefined && waited) return { unjudged: `its body did not end within ${BODY_WAIT_MS} ms (a stream): not judged` };
    if (body === undefined) return { unjudged: 'its body was read before the recorder could note it (a Response given to the code twice, or read through its stream)' };
    return { status: res.status, headers, body };
  }
  if (typeof res !== 'object' || res === null) return { unjudged: `the stub returned ${res === null ? 'null' : typeof res}, not a response` };
  const r = res as { status?: unknown; ok?: unknown; headers?: unknown; text?: unknown; json?: unknown };
  const status = typeof r.status === 'number' ? r.status : r.ok === false ? undefined : 200;
  if (status === undefined) return { unjudged: 'the stub states ok: false but no status' };
  const headers = lowerHeaders(r.headers);
  const read = async (f: unknown): Promise<{ value: unknown } | undefined> => {
    if (typeof f !== 'function') return undefined;
    if (isMockFunction(f)) {
      const first = f.mock.results.find((x) => x.type === 'return');
      return first ? settled(first.value) : undefined;
    }
    try {
      return await settled((f as () => unknown).call(res));
    } catch {
      return undefined;
    }
  };
  const text = await read(r.text);
  if (text && typeof text.value === 'string') {
    // A plain object without `headers` does not model them at all (the code under test reads its text()):
    // a JSON text is taken as the JSON the live service sends, not judged for a content type it never had.
    const assumedJson = r.headers === undefined && isJsonText(text.value);
    return { status, headers: assumedJson ? { 'content-type': 'application/json', ...headers } : headers, body: text.value, ...(assumedJson ? { assumedJson } : {}) };
  }
  const json = await read(r.json);
  if (json) return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json.value), assumedJson: headers['content-type'] === undefined };
  return { unjudged: 'the stub has no text() or json() the recorder can read (or they were never called)' };
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** One recorded exchange, before judgement. */
interface Recorded {
  source: RecorderSource;
  name: string;
  exchange?: ObservedExchange;
  unjudged?: string;
}

export class ApiRecorder {
  private readonly bases: readonly string[] | undefined;
  private readonly recorded: Recorded[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly harvested = new WeakMap<object, number>();
  /** Mocks seen standing for `fetch` when a body was read: harvested even if a test restored `fetch` before the harvest. */
  private readonly seenMocks = new Set<MockLike>();
  private validatorCache: ResponseValidator | undefined;
  private readonly startedAt = new Date();

  constructor(readonly options: RecorderOptions = {}) {
    this.bases = options.baseUrl === undefined ? undefined : typeof options.baseUrl === 'string' ? [options.baseUrl] : options.baseUrl;
    for (const b of this.bases ?? []) if (!parseUrl(b)) throw new TypeError(`recorder: baseUrl ${JSON.stringify(b)} is not an absolute URL`);
    // From now on a body the code reads is noted first, so that a mock's calls can be read after.
    patchReaders();
    ACTIVE.add(this);
  }

  /** Remembers the mock function standing for `fetch` now, if any (called when the code reads a body). */
  noteFetchMock(): void {
    const f: unknown = globalThis.fetch;
    if (isMockFunction(f)) this.seenMocks.add(f);
  }

  private get validator(): ResponseValidator {
    return (this.validatorCache ??= apiValidator());
  }

  /** Whether an URL is the API's (see {@link RecorderOptions.baseUrl}). */
  matches(method: string, url: string): boolean {
    if (this.bases) return this.bases.some((b) => url.startsWith(b.replace(/\/+$/, '')) && (url.length === b.replace(/\/+$/, '').length || '/?#'.includes(url[b.replace(/\/+$/, '').length]!)));
    const parsed = parseUrl(url);
    return parsed !== undefined && operationOf(this.validator, method, parsed.pathname).operation !== undefined;
  }

  /** The exchanges recorded so far (count). */
  get size(): number {
    return this.recorded.length;
  }

  private nameOf(source: RecorderSource, method: string, url: string): string {
    const test = this.options.testName?.();
    const path = parseUrl(url)?.pathname ?? url;
    return `${source}${test ? ` › ${test}` : ''} (${method} ${path})`;
  }

  /** Records one exchange read from a fetch call and what it returned (asynchronously; {@link settle} waits for it). */
  private observe(source: RecorderSource, input: unknown, init: unknown, res: unknown): void {
    const req = requestOf(input, init);
    if (!req || !this.matches(req.method, req.url)) return;
    const name = this.nameOf(source, req.method, req.url);
    const at = this.options.now?.();
    const task = responseOf(res).then((r) => {
      if ('unjudged' in r) {
        this.recorded.push({ source, name, unjudged: r.unjudged });
        return;
      }
      const date = Date.parse(r.headers['date'] ?? '');
      this.recorded.push({
        source,
        name,
        exchange: {
          method: req.method,
          url: req.url,
          requestHeaders: req.headers,
          ...(req.body !== undefined ? { requestBody: req.body } : {}),
          status: r.status,
          responseHeaders: r.headers,
          bodyText: r.body ?? '',
          durationMs: 0,
          startedAt: at ?? (Number.isFinite(date) ? date : Date.now()),
        },
      });
    });
    this.track(task);
  }

  private track(task: Promise<void>): void {
    const t = task.catch(() => undefined).finally(() => this.pending.delete(t));
    this.pending.add(t);
  }

  /**
   * A fetch that calls `inner` and records what it returns; the caller gets `inner`'s own
   * response. Responses a nested wrapper already recorded are not recorded again.
   */
  wrapFetch(inner: typeof fetch, source: RecorderSource = 'fetch'): typeof fetch {
    patchReaders();
    const wrapper = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
      const res = await inner(input, init);
      if (!RECORDED.has(res)) {
        RECORDED.add(res);
        let copy: Response | undefined;
        try {
          copy = res.clone();
        } catch {
          copy = undefined;
        }
        this.observe(source, input, init, copy ?? res);
      }
      return res;
    };
    Object.defineProperty(wrapper, WRAPPED, { value: inner });
    OWNERS.set(wrapper, this);
    return wrapper as typeof fetch;
  }

  /**
   * Puts the fetch wrapper in place of `globalThis.fetch` — unless it is a mock function (read by
   * {@link harvest}) or already the wrapper. Call again after MSW's `listen()` or nock's import
   * replaced it (the installers do it before each test).
   */
  wrapGlobalFetch(): void {
    patchReaders();
    const current = globalThis.fetch;
    if (typeof current !== 'function' || isMockFunction(current) || (current as unknown as Record<symbol, unknown>)[WRAPPED] !== undefined) return;
    globalThis.fetch = this.wrapFetch(current);
  }

  /**
   * Reads the calls of `fetch` when it is a mock function (default: `globalThis.fetch`, and every
   * mock that stood for it when the code read a body since the last harvest): each call not read
   * yet, with what it returned. Safe to call often (each call is read once; a mock cleared
   * since is read from its start again).
   */
  async harvest(fetchFn?: unknown): Promise<void> {
    if (fetchFn !== undefined) return this.harvestOne(fetchFn);
    const mocks = new Set<unknown>([...this.seenMocks, globalThis.fetch]);
    this.seenMocks.clear();
    for (const m of mocks) await this.harvestOne(m);
  }

  private async harvestOne(fetchFn: unknown): Promise<void> {
    if (!isMockFunction(fetchFn)) return;
    const { calls, results } = fetchFn.mock;
    let from = this.harvested.get(fetchFn) ?? 0;
    if (from > calls.length) from = 0;
    let upTo = from;
    for (let i = from; i < calls.length; i++) {
      const result = results[i];
      if (!result || result.type === 'incomplete') break;
      upTo = i + 1;
      if (result.type !== 'return') continue;
      const done = await settled(result.value);
      if (!done) {
        upTo = i;
        break;
      }
      const res = done.value;
      // A spy that passed the call through to the fetch wrapper: recorded there already.
      if (typeof res === 'object' && res !== null && RECORDED.has(res)) continue;
      const [input, init] = calls[i]!;
      this.observe('fetch-mock', input, init, res);
    }
    this.harvested.set(fetchFn, upTo);
    await this.settle();
  }

  /**
   * Records what MSW answers (its `response:mocked` lifecycle event): `recorder.msw(server)` with
   * the `server` of `msw/node` (or the `worker` of `msw/browser`). Returns the unsubscribe.
   */
  msw(server: { events: { on: (event: 'response:mocked', listener: (e: { request: Request; response: Response }) => void) => void; removeListener?: (event: 'response:mocked', listener: (e: { request: Request; response: Response }) => void) => void } }): () => void {
    const listener = ({ request, response }: { request: Request; response: Response }): void => {
      let copy: Response;
      try {
        copy = response.clone();
      } catch {
        copy = response;
      }
      const req = request.clone();
      const read = req.method === 'GET' || req.method === 'HEAD' ? Promise.resolve(undefined) : req.text().catch(() => undefined);
      this.track(read.then((body) => this.observe('msw', request.url, { method: request.method, headers: request.headers, ...(body ? { body } : {}) }, copy)));
    };
    server.events.on('response:mocked', listener);
    return () => server.events.removeListener?.('response:mocked', listener);
  }

  /**
   * Records what a nock scope replies (its `request` and `replied` events), for clients that do
   * not use `fetch` (axios, got on `node:http`): `recorder.nock(nock(base).get(path).reply(200, body))`.
   * A reply given as a function is listed as not judged (nock keeps no body for it).
   */
  nock(scope: NockScopeLike): NockScopeLike {
    const bodies = new WeakMap<object, string>();
    scope.on('request', (req, _interceptor, body) => {
      if (typeof body === 'string' && body !== '') bodies.set(req as object, body);
    });
    scope.on('replied', (req, interceptor) => {
      const url = req.options?.href ?? `${interceptor.basePath ?? ''}${req.path ?? ''}`;
      const method = (req.method ?? 'GET').toUpperCase();
      if (!this.matches(method, url)) return;
      const name = this.nameOf('nock', method, url);
      const requestBody = bodies.get(req as object);
      const body = interceptor.body;
      if (body === undefined || typeof interceptor.statusCode !== 'number') {
        this.recorded.push({ source: 'nock', name, unjudged: 'its nock reply is a function: nock keeps no body for it (record with nock.recorder, or use a fetch client)' });
        return;
      }
      const raw = interceptor.rawHeaders;
      const responseHeaders: Record<string, string> = {};
      if (Array.isArray(raw)) for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
      else Object.assign(responseHeaders, lowerHeaders(raw ?? interceptor.headers));
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : JSON.stringify(body);
      this.recorded.push({
        source: 'nock',
        name,
        exchange: {
          method,
          url,
          requestHeaders: lowerHeaders(req.getHeaders?.()),
          ...(requestBody !== undefined ? { requestBody } : {}),
          status: interceptor.statusCode,
          responseHeaders,
          bodyText: text,
          durationMs: 0,
          startedAt: this.options.now?.() ?? Date.now(),
        },
      });
    });
    return scope;
  }

  /** Waits for the exchanges being read. */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** The recorded exchanges as `audit` interactions (an exchange MSW's or nock's event and the fetch wrapper both saw is kept once). */
  interactions(): Interaction[] {
    const key = (r: Recorded) => (r.exchange ? `${r.exchange.method} ${r.exchange.url} ${r.exchange.status} ${r.exchange.bodyText}` : '');
    const byEvent = (r: Recorded) => r.source === 'msw' || r.source === 'nock';
    const seen = new Map<string, number>();
    for (const r of this.recorded) if (!byEvent(r) && r.exchange) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1);
    const out: Interaction[] = [];
    for (const r of this.recorded) {
      if (byEvent(r) && r.exchange && (seen.get(key(r)) ?? 0) > 0) {
        seen.set(key(r), seen.get(key(r))! - 1);
        continue;
      }
      out.push({ name: r.name, format: 'recorder', ...(r.exchange ? { exchange: r.exchange } : {}), ...(r.unjudged !== undefined ? { unjudged: r.unjudged } : {}) });
    }
    return out;
  }

  /** Judges everything recorded, as `audit` judges a recording. */
  async audit(): Promise<RecordingAudit> {
    await this.settle();
    const interactions = this.interactions();
    const recordings: Recordings = { files: [{ file: 'test-code mocks', format: 'recorder', label: 'test-code mocks (recorder)', interactions: interactions.length }], interactions, skipped: [] };
    const audit = auditRecordings(recordings, {
      startedAt: this.startedAt,
      files: ['test-code mocks'],
      strict: this.options.strict === true,
      ...(this.options.acceptDivergences ? { acceptDivergences: true } : {}),
      validator: this.validator,
    });
    // No file holds these exchanges: the replay is the audit of the HAR the recorder can write.
    const replay = `crosschain-conformance audit <the HAR written by the recorder's har option>${this.options.acceptDivergences ? ' --accept-divergences' : ''}`;
    return { ...audit, result: { ...audit.result, outcomes: audit.result.outcomes.map((o) => ({ ...o, replay })) } };
  }

  /**
   * The failure of the recorded exchanges, as the vitest adapter words it (one house-style block
   * per failing check), or undefined when no check failed. Nothing recorded is no failure: a test
   * file that does not call the API has nothing to judge.
   */
  async failure(): Promise<{ message: string; result: RunResult } | undefined> {
    const audit = await this.audit();
    const failing = audit.result.outcomes.filter((o: CheckOutcome) => o.status === 'fail' || o.status === 'error');
    if (failing.length === 0) return undefined;
    const blocks = failing.map((o) => renderOutcomeBlock(o)).join('\n\n');
    return { message: `the API's mocks in this test file violate the contract (${failing.length} check${failing.length === 1 ? '' : 's'}):\n\n${blocks}`, result: audit.result };
  }

  /** Writes the recorded exchanges as a HAR 1.2 file that `crosschain-conformance audit` reads (credentials redacted); returns the entries written. */
  async writeHar(path: string): Promise<number> {
    await this.settle();
    const entries = this.interactions().flatMap((i) => (i.exchange ? [harEntryOf(i.exchange, i.name)] : []));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify({ log: { version: '1.2', creator: { name: '@crosschain/conformance recorder', version: '1' }, pages: [], entries } }, null, 1)}\n`);
    return entries.length;
  }

  /** Puts back the `fetch` it replaced (when still in place) and the body readers. */
  uninstall(): void {
    // Its own wrappers on top of fetch are taken off (one over MSW's or nock's fetch, then the first).
    for (let f: unknown = globalThis.fetch; typeof f === 'function' && OWNERS.get(f) === this; f = globalThis.fetch) {
      globalThis.fetch = (f as unknown as Record<symbol, typeof fetch>)[WRAPPED]!;
    }
    ACTIVE.delete(this);
    if (ACTIVE.size === 0) unpatchReaders();
  }
}

const CREDENTIAL_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const pairs = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value: CREDENTIAL_HEADERS.has(name) ? REDACTED : value }));

/** One exchange as a HAR entry, credentials in headers and query redacted. */
function harEntryOf(e: ObservedExchange, comment: string): Record<string, unknown> {
  const url = parseUrl(e.url);
  for (const p of ['apiKey', 'api_key', 'x-api-key']) if (url?.searchParams.has(p)) url.searchParams.set(p, REDACTED);
  const href = url?.href ?? e.url;
  return {
    startedDateTime: new Date(e.startedAt ?? 0).toISOString(),
    time: e.durationMs,
    comment,
    request: {
      method: e.method,
      url: href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.requestHeaders),
      queryString: url ? [...url.searchParams].map(([name, value]) => ({ name, value })) : [],
      ...(e.requestBody !== undefined ? { postData: { mimeType: e.requestHeaders['content-type'] ?? 'application/json', text: e.requestBody } } : {}),
      headersSize: -1,
      bodySize: e.requestBody === undefined ? 0 : Buffer.byteLength(e.requestBody),
    },
    response: {
      status: e.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.responseHeaders),
      content: { size: Buffer.byteLength(e.bodyText ?? ''), mimeType: e.responseHeaders['content-type'] ?? '', text: e.bodyText ?? '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(e.bodyText ?? ''),
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
}

/** The lifecycle hooks an installer registers with (vitest's or jest's). */
export interface Hooks {
  beforeEach: (fn: () => unknown) => void;
  afterEach: (fn: () => unknown) => void;
  afterAll: (fn: () => unknown) => void;
}

export interface InstallOptions extends RecorderOptions {
  /**
   * Write the exchanges as HAR at the end of each test file; `[file]` in the path is replaced by
   * the test file's name (one HAR per file: `recordings/[file].har`).
   */
  har?: string;
  /** The test file's path (the installers take it from the runner). */
  testFile?: () => string | undefined;
  /**
   * Exchanges recorded but judged by no check (a path off the API, an operation the kit does not
   * judge): said with `warn` (default console.warn), or a failure of the file when true.
   */
  requireJudged?: boolean;
  warn?: (text: string) => void;
}

/** What to say when exchanges were recorded but no check judged any of them, or undefined when some were judged (or none recorded). */
export function nothingJudged(audit: RecordingAudit, recorded: number): string | undefined {
  if (recorded === 0 || audit.result.outcomes.some((o) => o.status !== 'skip' && o.status !== 'disabled')) return undefined;
  const why = audit.notJudged.slice(0, 5).map((n) => `\n  - ${n.interaction}: ${n.why}`).join('');
  return `the recorder saw ${recorded} exchange${recorded === 1 ? '' : 's'} of the API in this test file, and no check could judge any of them${why}`;
}

/**
 * Registers the recorder with a runner's hooks: the fetch wrapper put back in place before each
 * test, mock functions read after each, and at the end of the file the HAR written and the
 * exchanges judged (the hook throws the failure, which fails the run). Returns the recorder.
 */
export function installWith(hooks: Hooks, options: InstallOptions = {}): ApiRecorder {
  const recorder = new ApiRecorder(options);
  recorder.wrapGlobalFetch();
  hooks.beforeEach(() => recorder.wrapGlobalFetch());
  hooks.afterEach(() => recorder.harvest());
  hooks.afterAll(async () => {
    try {
      await recorder.harvest();
      if (options.har !== undefined) {
        const file = options.testFile?.() ?? 'recording';
        const base = file.split(/[\\/]/).pop()!.replace(/\.[^.]+$/, '');
        await recorder.writeHar(options.har.replace('[file]', base));
      }
      if (options.judge === false) return;
      const failure = await recorder.failure();
      if (failure) {
        const error = new Error(failure.message);
        error.name = 'ConformanceFailure';
        throw error;
      }
      const unjudged = nothingJudged(await recorder.audit(), recorder.size);
      if (unjudged !== undefined) {
        if (options.requireJudged === true) throw new Error(unjudged);
        (options.warn ?? console.warn)(unjudged);
      }
    } finally {
      recorder.uninstall();
    }
  });
  return recorder;
}
