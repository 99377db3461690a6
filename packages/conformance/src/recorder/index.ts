/**
 * The recorder of integrators' mocks (`@crosschain/conformance/recorder`): it observes what the
 * code under test receives for the API's paths in a vitest or jest run, whatever stands in for the
 * API — any mock function standing for a call to it (`vi.fn`, `vi.spyOn`, `vi.mock` factories,
 * `jest.fn`, `jest.spyOn`, jest automocks; called fetch-style, axios-style or with an API path), a
 * `fetch` stub, MSW, undici's `MockAgent`, nock, mockttp or a real server — and judges those
 * exchanges with the passive oracles `audit` uses (recordings/audit.ts over oracles/auditor.ts),
 * or writes them as a HAR 1.2 file for `audit`.
 *
 * It never changes what the code under test gets:
 * - the real `fetch` (and whatever MSW or nock put in its place) is wrapped by a function that
 *   returns the very response the wrapped one returned, having read a `clone()` of it;
 * - mock functions are not wrapped nor called (their `mock.calls`, identity and assertions stay
 *   the user's): their calls and results are read from `mock.calls`/`mock.results`
 *   ({@link ApiRecorder.harvest}), found through the runner's own set of mocks (vitest) or the
 *   states jest-mock makes (jest); a clear only hands the calls not read yet to the recorder first;
 *   a body the code already read is known because the body readers of `Response.prototype` note,
 *   before reading, the text of a clone of any response whose body is still unread;
 * - a response stub that is a plain object (`{ ok, status, json: async () => body }`) is read
 *   through its own `text()`/`json()` when they are plain functions, and through their
 *   `mock.results` when they are mock functions (never called again); axios' `{ data, status }`
 *   and the operation's body itself are read as they are.
 *
 * Never silent: a call to an operation whose answer it cannot read (a result wrapper, `undefined`)
 * and a call to an operation on a host outside `baseUrl` are said at the end of the file, with the
 * one line that gets them judged; SHOULD violations are printed (and fail with `strict`).
 *
 * MSW's lifecycle event `response:mocked` ({@link ApiRecorder.msw}) records what a `node:http`
 * client (axios) got from MSW; an exchange that the `fetch` wrapper saw too is kept once.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openapi as specOpenapi } from '@crosschain/specs';
import { brief } from '../contract/expect.js';
import { REDACTED } from '../contract/redact.js';
import type { CheckOutcome, RunResult } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';
import { operationOf, parseUrl, type ObservedExchange } from '../oracles/observed.js';
import { apiValidator, auditRecordings, type RecordingAudit } from '../recordings/audit.js';
import type { Interaction } from '../recordings/interaction.js';
import type { Recordings } from '../recordings/index.js';
import { renderOutcomeBlock } from '../reporters/console.js';

/** Where an exchange was seen. */
export type RecorderSource = 'fetch' | 'fetch-mock' | 'mock' | 'msw' | 'nock';

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
  /** The test file's path (the installers take it from the runner): messages name it. */
  testFile?: () => string | undefined;
  /** The command that runs the test file again, shown as the replay of a violation when no HAR was written (the installers give it). */
  rerun?: (file: string) => string;
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

/** What a mock function is called in the recorder's names and notices (`mock get()`, `a mock function`). */
function mockLabel(mock: MockLike): string {
  let name: unknown;
  try {
    name = (mock as { getMockName?: () => unknown }).getMockName?.();
  } catch {
    name = undefined;
  }
  const plain = (n: unknown): n is string => typeof n === 'string' && n !== '' && !['vi.fn()', 'jest.fn()', 'spy', 'Mock', 'mockConstructor', 'bound mockConstructor', 'fn'].includes(n);
  // jest's automocks keep the mocked function's name as their own (`successfulFetch`); vitest's spies as their mock name.
  const own = (mock as { name?: unknown }).name;
  if (plain(name)) return `mock ${name}()`;
  return plain(own) ? `mock ${own}()` : 'mock';
}

/** Mock functions whose `mockClear` first tells the recorders (a clear replaces or empties their calls). */
const GUARDED = new WeakSet<object>();

/**
 * Makes a mock's `mockClear` (which `mockReset`, `mockRestore` and vitest's `clearAllMocks` call)
 * hand the calls not read yet to the installed recorders before it empties them; the mock clears
 * as before.
 */
function guardClear(mock: MockLike): void {
  if (GUARDED.has(mock)) return;
  const original = (mock as unknown as { mockClear?: unknown }).mockClear;
  if (typeof original !== 'function') return;
  const desc = Object.getOwnPropertyDescriptor(mock, 'mockClear');
  if (desc && desc.writable === false) return;
  GUARDED.add(mock);
  (mock as unknown as { mockClear: (...a: unknown[]) => unknown }).mockClear = function mockClear(this: unknown, ...args: unknown[]) {
    for (const r of ACTIVE) r.beforeClear(mock);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
}

/** Registries whose `add` tells the recorders of each new mock function. */
const HOOKED = new WeakSet<object>();

/** Guards every mock added to a runner's registry from now on (once it is complete: vitest adds it before setting its methods). */
function hookRegistry(registry: Set<unknown>): void {
  if (HOOKED.has(registry)) return;
  HOOKED.add(registry);
  const add = Set.prototype.add;
  Object.defineProperty(registry, 'add', {
    configurable: true,
    writable: true,
    value: function addMock(this: Set<unknown>, value: unknown) {
      if (typeof value === 'function') queueMicrotask(() => isMockFunction(value) && guardClear(value));
      return add.call(this, value);
    },
  });
}

/**
 * The set of every mock function a runner's "clear all mocks" walks (vitest's: `mocks` in
 * `@vitest/spy` 3, `REGISTERED_MOCKS` in 4, neither reachable by import from a user's project),
 * taken while `clearAll` runs with `Set.prototype.forEach` and `[Symbol.iterator]` walking
 * nothing: the first set it walks is the registry, and no mock is cleared. Undefined when
 * `clearAll` walks no set (another version), or the set holds anything but mock functions.
 */
export function mockRegistryOf(clearAll: () => unknown): Set<unknown> | undefined {
  const proto = Set.prototype as unknown as Record<PropertyKey, unknown>;
  const forEach = proto.forEach;
  const iterator = proto[Symbol.iterator];
  let found: Set<unknown> | undefined;
  const take = (set: Set<unknown>): void => {
    found ??= set;
  };
  proto.forEach = function (this: Set<unknown>) {
    take(this);
  };
  proto[Symbol.iterator] = function (this: Set<unknown>) {
    take(this);
    return [][Symbol.iterator]();
  };
  try {
    clearAll();
  } catch {
    found = undefined;
  } finally {
    proto.forEach = forEach;
    proto[Symbol.iterator] = iterator;
  }
  if (!(found instanceof Set)) return undefined;
  for (const m of found) if (!isMockFunction(m)) return undefined;
  return found;
}

/** Whether a value is a jest mock's state object (`{ calls, contexts, instances, invocationCallOrder, results }`). */
function isMockState(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as { calls?: unknown }).calls) && Array.isArray((value as { results?: unknown }).results) && Array.isArray((value as { invocationCallOrder?: unknown }).invocationCallOrder);
}

const TAPPED = Symbol.for('crosschain.conformance.recorder.weakmap-set');

/**
 * The tap on jest's mock functions: jest-mock keeps each mock's calls in a state object it puts in
 * a `WeakMap` (`_mockState.set(f, state)`) when it makes the mock and after each clear (jest 29
 * and 30), and no registry of mocks anyone can reach. `weakMapProto` is the `WeakMap.prototype`
 * of the realm jest-mock runs in (outside the test's vm context): its `set` is made to hand each
 * (mock function, state) pair to the installed recorders, then to set as before. Returns the undo.
 */
export function tapMockStates(weakMapProto: object): () => void {
  const proto = weakMapProto as Record<PropertyKey, unknown>;
  if (proto[TAPPED]) return () => undefined;
  const original = proto.set as (this: WeakMap<object, unknown>, k: object, v: unknown) => WeakMap<object, unknown>;
  if (typeof original !== 'function') return () => undefined;
  const tapped = function set(this: WeakMap<object, unknown>, key: object, value: unknown): WeakMap<object, unknown> {
    if (typeof key === 'function' && (key as { _isMockFunction?: unknown })._isMockFunction === true && isMockState(value)) {
      for (const r of ACTIVE) r.noteMockState(key, value);
    }
    return original.call(this, key, value);
  };
  Object.defineProperty(proto, 'set', { configurable: true, writable: true, enumerable: false, value: tapped });
  Object.defineProperty(proto, TAPPED, { configurable: true, value: true });
  return () => {
    if (proto.set === tapped) Object.defineProperty(proto, 'set', { configurable: true, writable: true, enumerable: false, value: original });
    delete proto[TAPPED];
  };
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

/** What a mock's returned value settled to: its value, a rejection, or undefined when still pending after `ms`. */
async function outcomeOf(value: unknown, ms = 50): Promise<{ value: unknown } | { rejected: true } | undefined> {
  if (!value || typeof (value as PromiseLike<unknown>).then !== 'function') return { value };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = realSetTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([Promise.resolve(value).then((v) => ({ value: v }), () => ({ rejected: true as const })), timeout]);
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

/** What a fetch (or a mock standing for a call to the API) returned, read without consuming anything the code under test will read. */
async function responseOf(res: unknown, operation?: string): Promise<{ status: number; headers: Record<string, string>; body?: string; assumedJson?: boolean } | { unjudged: string }> {
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
  if (typeof res !== 'object' || res === null) return { unjudged: `it returned ${res === null ? 'null' : res === undefined ? 'undefined' : typeof res}, not a response the recorder reads (${READABLE})` };
  const r = res as { status?: unknown; ok?: unknown; headers?: unknown; text?: unknown; json?: unknown; data?: unknown };
  if (typeof r.text !== 'function' && typeof r.json !== 'function') {
    // axios' response: the body already parsed in `data`, beside a numeric status (or its headers and config).
    if ('data' in r && (typeof r.status === 'number' || 'config' in r || 'statusText' in r || (typeof r.headers === 'object' && r.headers !== null))) {
      const status = typeof r.status === 'number' ? r.status : 200;
      const headers = lowerHeaders(typeof (r.headers as { toJSON?: unknown } | undefined)?.toJSON === 'function' ? (r.headers as { toJSON: () => unknown }).toJSON() : r.headers);
      const body = typeof r.data === 'string' ? r.data : r.data === undefined ? '' : JSON.stringify(r.data);
      const assumedJson = headers['content-type'] === undefined && typeof r.data !== 'string';
      return { status, headers: assumedJson ? { 'content-type': 'application/json', ...headers } : headers, body, ...(assumedJson ? { assumedJson } : {}) };
    }
    // The body itself (a service function that returns what it parsed): taken when its shape is the operation's.
    if (operation !== undefined && looksLikeBodyOf(res, operation)) return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(res), assumedJson: true };
    return { unjudged: `it resolved to ${shapeOf(res)}, not a response the recorder reads (${READABLE})` };
  }
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
  return { unjudged: 'its text() and json() are mock functions never called: the recorder does not call them (it never calls the code\'s functions again)' };
}

/** The results a mock's call may resolve to that the recorder reads, for its notices. */
const READABLE = "a Response, { json() }, { ok, status, text() }, axios' { data, status, headers }, or the operation's body itself";

/** A short description of a value's shape (`{ ok, value }`, `an array of 3`, `a string`). */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    return keys.length === 0 ? '{}' : `{ ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''} }`;
  }
  return value === null ? 'null' : `a ${typeof value}`;
}

type JsonSchema = { $ref?: string; type?: unknown; properties?: Record<string, unknown>; allOf?: unknown[]; oneOf?: unknown[]; anyOf?: unknown[]; items?: unknown };
/** The top-level shape of each operation's 200 JSON body: an array, or the property names an object may have. */
const BODY_SHAPES = new Map<string, { array: boolean; keys: Set<string> } | null>();

function resolveRef(doc: unknown, node: unknown, depth = 0): JsonSchema | undefined {
  let n = node as JsonSchema | undefined;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 10; i++) {
    if (!n.$ref.startsWith('#/')) return undefined;
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as JsonSchema | undefined;
  }
  return depth > 10 ? undefined : n;
}

function collectShape(doc: unknown, node: unknown, into: { array: boolean; keys: Set<string> }, depth = 0): void {
  const n = resolveRef(doc, node);
  if (!n || depth > 8) return;
  if (n.type === 'array' || n.items !== undefined) into.array = true;
  for (const k of Object.keys(n.properties ?? {})) into.keys.add(k);
  for (const sub of [...(n.allOf ?? []), ...(n.oneOf ?? []), ...(n.anyOf ?? [])]) collectShape(doc, sub, into, depth + 1);
}

function bodyShapeOf(operation: string): { array: boolean; keys: Set<string> } | null {
  if (BODY_SHAPES.has(operation)) return BODY_SHAPES.get(operation)!;
  const [method, path] = operation.split(' ');
  const doc = specOpenapi as unknown as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  const response = resolveRef(doc, doc.paths?.[path ?? '']?.[(method ?? '').toLowerCase()]?.responses?.['200']) as { content?: Record<string, { schema?: unknown }> } | undefined;
  const schema = response?.content?.['application/json']?.schema;
  let shape: { array: boolean; keys: Set<string> } | null = null;
  if (schema !== undefined) {
    shape = { array: false, keys: new Set() };
    collectShape(doc, schema, shape);
  }
  BODY_SHAPES.set(operation, shape);
  return shape;
}

/**
 * Whether a value a mock resolved to is the operation's body itself rather than a wrapper of it:
 * an array where the body is one, else an object most of whose keys are properties the body has
 * (`{ status, txHashes }` is a status body; `{ ok, value }` or `{ success, result }` is a wrapper).
 */
export function looksLikeBodyOf(value: unknown, operation: string): boolean {
  const shape = bodyShapeOf(operation);
  if (!shape || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return shape.array;
  const keys = Object.keys(value);
  const known = keys.filter((k) => shape.keys.has(k)).length;
  return known > 0 && known * 2 > keys.length;
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
/** Keys of axios' request config (or of a similar client's options) that say an argument is one. */
const CONFIG_KEYS = ['params', 'baseURL', 'headers', 'method', 'data', 'timeout', 'paramsSerializer', 'responseType', 'query', 'searchParams', 'body', 'signal'];

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(typeof URL !== 'undefined' && v instanceof URL);
const isConfig = (v: unknown): v is Record<string, unknown> => isPlainObject(v) && CONFIG_KEYS.some((k) => k in v);

/** A query object (`params`) as a query string: arrays as repeated keys, undefined and null left out. */
function queryOf(params: unknown): string {
  if (params === undefined || params === null) return '';
  if (typeof URLSearchParams !== 'undefined' && params instanceof URLSearchParams) return params.toString();
  if (typeof params === 'string') return params.replace(/^\?/, '');
  if (!isPlainObject(params)) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  return q.toString();
}

/** A request body as its text: a string as it is, form params as a query, anything else as JSON. */
function bodyTextOf(data: unknown): string | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string') return data;
  if (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) return data.toString();
  try {
    return JSON.stringify(data);
  } catch {
    return undefined;
  }
}

/** One recorded exchange, before judgement. */
interface Recorded {
  source: RecorderSource;
  name: string;
  exchange?: ObservedExchange;
  unjudged?: string;
  /** A call to an operation of the API whose answer the recorder could not read: the operation (`GET /intents/status/v2`) and what stood for it. */
  unread?: { operation: string; via: string };
}

/** A mock function's calls read so far: up to `index` of the `calls` array it had then (a clear puts new arrays in place). */
interface MockCursor {
  calls: unknown[];
  index: number;
}

/** Calls of a mock function taken before a clear emptied them (the user's `mockClear`, `vi.clearAllMocks`, `clearMocks`). */
interface Snapshot {
  mock: MockLike;
  calls: unknown[][];
  results: MockResult[];
}

/** A mock function's calls and results, or undefined when its state cannot be read (a getter that throws, not arrays). */
function mockState(mock: MockLike): { calls: unknown[][]; results: MockResult[] } | undefined {
  try {
    const { calls, results } = mock.mock;
    return Array.isArray(calls) && Array.isArray(results) ? { calls, results } : undefined;
  } catch {
    return undefined;
  }
}

export class ApiRecorder {
  private readonly bases: readonly string[] | undefined;
  private readonly recorded: Recorded[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** How far each mock function's calls were read. */
  private readonly cursors = new WeakMap<object, MockCursor>();
  /** Mocks seen standing for `fetch` when a body was read: harvested even if a test restored `fetch` before the harvest. */
  private readonly seenMocks = new Set<MockLike>();
  /** Mock functions that stood for `fetch` (their calls read as fetch calls: no method is GET). */
  private readonly fetchMocks = new Set<MockLike>();
  /** The runner's sets of every mock function ({@link watchMockRegistry}). */
  private readonly registries = new Set<Set<unknown>>();
  /** Calls taken from mocks before a clear, not read yet. */
  private readonly snapshots: Snapshot[] = [];
  /** jest's mock states ({@link noteMockState}): each state object a mock had, read from where it was left. */
  private readonly states: Array<{ mock: MockLike; state: { calls: unknown[][]; results: MockResult[] }; index: number }> = [];
  private readonly stateMocks = new WeakSet<object>();
  /** Calls to operations of the API on hosts outside `baseUrl` (not recorded), by origin and operation. */
  private readonly elsewhere = new Map<string, { origin: string; operation: string; count: number }>();
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

  /** Counts a call to an operation of the API on a host outside `baseUrl` (for {@link elsewhereNotice}). */
  private noteElsewhere(method: string, url: string): void {
    if (!this.bases) return;
    const parsed = parseUrl(url);
    if (!parsed || !/^https?:$/.test(parsed.protocol)) return;
    const operation = operationOf(this.validator, method, parsed.pathname).operation;
    if (operation === undefined) return;
    const key = `${parsed.origin} ${operation}`;
    const seen = this.elsewhere.get(key);
    if (seen) seen.count += 1;
    else this.elsewhere.set(key, { origin: parsed.origin, operation, count: 1 });
  }

  /**
   * What to say when the code called operations of the API on hosts outside `baseUrl` (a mock
   * server on localhost, mockttp): not recorded, so not judged; the line that records them.
   */
  elsewhereNotice(): string | undefined {
    if (this.elsewhere.size === 0) return undefined;
    const all = [...this.elsewhere.values()];
    const total = all.reduce((n, e) => n + e.count, 0);
    const origins = [...new Set(all.map((e) => e.origin))];
    const bases = [...(this.bases ?? []), ...origins].map((b) => `'${b}'`).join(', ');
    return [
      `the code in ${this.fileLabel} called ${total === 1 ? 'an operation' : 'operations'} of the API on ${origins.length === 1 ? 'a host' : 'hosts'} outside baseUrl, not recorded and not judged:`,
      ...all.map((e) => `  - ${e.operation} on ${e.origin} (${e.count} call${e.count === 1 ? '' : 's'})`),
      `To have ${total === 1 ? 'it' : 'them'} judged, add the host to baseUrl (a mock server's URL as the test starts it): installApiRecorder({ baseUrl: [${bases}] })`,
    ].join('\n');
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

  private nameOf(source: RecorderSource | string, method: string, url: string): string {
    const test = this.options.testName?.();
    const path = parseUrl(url)?.pathname ?? url;
    return `${source}${test ? ` › ${test}` : ''} (${method} ${path})`;
  }

  /** The method of the one operation whose path this is (each path of the API has one), else GET. */
  private methodOfPath(pathname: string): string {
    for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) if (operationOf(this.validator, m, pathname).operation !== undefined) return m;
    return 'GET';
  }

  /**
   * The request a mock function's call stands for, or undefined when it is no call to the API:
   * fetch-style `(url, init)` or `(Request)`, axios-style `(config)` with `url`, `baseURL`, `params`,
   * `get(url, config)`, `post(url, data, config)`, `call('GET', path)`, or any function called with
   * a URL under `baseUrl` or the path of an API operation. Without a method, the method of the
   * path's operation (a fetch mock's: GET).
   */
  requestOfCall(args: readonly unknown[], fetchLike = false): { method: string; url: string; headers: Record<string, string>; body?: string } | undefined {
    const list = [...args];
    let method: string | undefined;
    if (typeof list[0] === 'string' && HTTP_METHODS.has(list[0].toUpperCase()) && (typeof list[1] === 'string' || list[1] instanceof URL)) method = (list.shift() as string).toUpperCase();
    const [a0, a1, a2] = list;
    if (typeof Request !== 'undefined' && a0 instanceof Request) {
      const r = requestOf(a0, a1);
      return r && this.matches(r.method, r.url) ? r : undefined;
    }
    let raw: string;
    let cfg: Record<string, unknown> | undefined;
    let data: unknown;
    if (typeof a0 === 'string' || a0 instanceof URL) {
      raw = typeof a0 === 'string' ? a0 : a0.href;
      if (isConfig(a1)) cfg = a1;
      else {
        data = a1;
        if (isConfig(a2)) cfg = a2;
      }
    } else if (isPlainObject(a0) && (typeof a0.url === 'string' || a0.url instanceof URL)) {
      cfg = a0;
      raw = typeof a0.url === 'string' ? a0.url : (a0.url as URL).href;
    } else return undefined;
    const baseURL = typeof cfg?.baseURL === 'string' ? cfg.baseURL : undefined;
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
    if (!absolute && !raw.startsWith('/') && !/^[\w.-]+\//.test(raw)) return undefined;
    const relative = !absolute && baseURL === undefined;
    let url = absolute ? raw : `${(baseURL ?? this.bases?.[0] ?? 'http://localhost').replace(/\/+$/, '')}${raw.startsWith('/') ? raw : `/${raw}`}`;
    const query = queryOf(cfg?.params ?? cfg?.query ?? cfg?.searchParams);
    if (query) url += `${url.includes('?') ? '&' : '?'}${query}`;
    const parsed = parseUrl(url);
    if (!parsed) return undefined;
    url = parsed.href;
    method ??= typeof cfg?.method === 'string' ? cfg.method.toUpperCase() : fetchLike ? 'GET' : this.methodOfPath(parsed.pathname);
    // A bare path is the API's only when it is the path of one of its operations (not any string argument).
    if (relative ? operationOf(this.validator, method, parsed.pathname).operation === undefined : !this.matches(method, url)) {
      if (!relative) this.noteElsewhere(method, url);
      return undefined;
    }
    const headers = lowerHeaders(isPlainObject(cfg?.headers) ? Object.fromEntries(Object.entries(cfg.headers).filter(([, v]) => typeof v !== 'object' || v === null || Array.isArray(v))) : cfg?.headers);
    const body = bodyTextOf(cfg && 'data' in cfg ? cfg.data : cfg && 'body' in cfg ? cfg.body : method === 'GET' || method === 'HEAD' ? undefined : data);
    return { method, url, headers, ...(body !== undefined ? { body } : {}) };
  }

  /** Records one exchange read from a fetch call and what it returned (asynchronously; {@link settle} waits for it). */
  private observe(source: RecorderSource, input: unknown, init: unknown, res: unknown): void {
    const req = requestOf(input, init);
    if (!req) return;
    if (!this.matches(req.method, req.url)) return this.noteElsewhere(req.method, req.url);
    this.observeRequest(source, req, res, source);
  }

  /** Records a request and what answered it; `via` names what stood for the API in the notices. */
  private observeRequest(source: RecorderSource, req: { method: string; url: string; headers: Record<string, string>; body?: string }, res: unknown, via: string): void {
    const name = this.nameOf(via, req.method, req.url);
    const at = this.options.now?.();
    const operation = operationOf(this.validator, req.method, parseUrl(req.url)?.pathname ?? req.url).operation;
    const task = responseOf(res, operation).then((r) => {
      if ('unjudged' in r) {
        this.recorded.push({ source, name, unjudged: r.unjudged, ...(operation !== undefined ? { unread: { operation, via } } : {}) });
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
   * Reads the calls of every mock function the recorder knows, each call not read yet with what it
   * returned (never calling anything again): `fetch` when it is a mock function, every mock that
   * stood for it when the code read a body, the mocks of the runner's registry
   * ({@link watchMockRegistry}) and jest's mock states ({@link noteMockState}); calls a clear took
   * away were kept before it. With `fetchFn`, that one mock only (read as `fetch`). Safe to call
   * often; `final` (the end of the file) stops waiting for results still pending.
   */
  async harvest(fetchFn?: unknown, final = false): Promise<void> {
    if (fetchFn !== undefined) {
      if (isMockFunction(fetchFn)) {
        this.fetchMocks.add(fetchFn);
        await this.readMock(fetchFn, final);
      }
      return this.settle();
    }
    const current: unknown = globalThis.fetch;
    if (isMockFunction(current)) this.fetchMocks.add(current);
    for (const m of this.seenMocks) this.fetchMocks.add(m);
    this.seenMocks.clear();
    for (const snap of this.snapshots.splice(0)) await this.readCalls(snap.mock, snap.calls, snap.results, 0, true);
    const mocks = new Set<MockLike>(this.fetchMocks);
    for (const registry of this.registries) for (const m of registry) if (isMockFunction(m)) mocks.add(m);
    for (const m of mocks) if (!this.stateMocks.has(m)) await this.readMock(m, final);
    for (const entry of this.states) entry.index = await this.readCalls(entry.mock, entry.state.calls, entry.state.results, entry.index, final);
    await this.settle();
  }

  /** Reads one mock function's calls from where they were left (from the start of new arrays after a clear). */
  private async readMock(mock: MockLike, final: boolean): Promise<void> {
    const state = mockState(mock);
    if (state === undefined) return;
    const { calls, results } = state;
    const cursor = this.cursors.get(mock);
    const from = cursor && cursor.calls === calls && cursor.index <= calls.length ? cursor.index : 0;
    this.cursors.set(mock, { calls, index: from });
    const upTo = await this.readCalls(mock, calls, results, from, final);
    const now = this.cursors.get(mock);
    if (now && now.calls === calls) now.index = Math.max(now.index, upTo);
  }

  /** Records the calls `from` on that stand for calls to the API; returns how far they were read. */
  private async readCalls(mock: MockLike, calls: readonly unknown[][], results: readonly MockResult[], from: number, final: boolean): Promise<number> {
    const fetchLike = this.fetchMocks.has(mock);
    let upTo = from;
    for (let i = from; i < calls.length; i++) {
      const result = results[i];
      if (!result || result.type === 'incomplete') {
        if (final) continue;
        break;
      }
      upTo = i + 1;
      if (result.type !== 'return') continue;
      let req: ReturnType<ApiRecorder['requestOfCall']>;
      try {
        req = this.requestOfCall(Array.isArray(calls[i]) ? calls[i]! : [], fetchLike);
      } catch {
        // Arguments that throw when looked at (a revoked proxy, a getter that throws): no call the recorder can read.
        req = undefined;
      }
      if (!req) continue;
      const done = await outcomeOf(result.value);
      if (!done) {
        if (final) continue;
        upTo = i;
        break;
      }
      // A rejection (a network failure played by the mock) carries no body to judge.
      if ('rejected' in done) continue;
      const res = done.value;
      // A spy that passed the call through to the fetch wrapper: recorded there already.
      if (typeof res === 'object' && res !== null && RECORDED.has(res)) continue;
      this.observeRequest(fetchLike ? 'fetch-mock' : 'mock', req, res, fetchLike ? 'fetch-mock' : mockLabel(mock));
    }
    return upTo;
  }

  /**
   * Reads every mock function of a runner's registry (vitest's set of mocks, {@link mockRegistryOf}):
   * the calls they receive from now on, and those a clear would take away (kept just before it).
   */
  watchMockRegistry(registry: Set<unknown>): void {
    if (this.registries.has(registry)) return;
    this.registries.add(registry);
    for (const m of registry) {
      if (!isMockFunction(m)) continue;
      // Calls made before the recorder was installed (an earlier file of the same worker) are not this file's.
      this.cursors.set(m, { calls: m.mock.calls, index: m.mock.calls.length });
      guardClear(m);
    }
    hookRegistry(registry);
  }

  /** A state object of a jest mock function, seen when jest made it (a new one after each clear): its calls are read from it. */
  noteMockState(mock: unknown, state: unknown): void {
    if (typeof mock !== 'function' || !isPlainObject(state) || !Array.isArray(state.calls) || !Array.isArray(state.results)) return;
    this.stateMocks.add(mock);
    if (this.states.some((e) => e.state === state)) return;
    this.states.push({ mock: mock as MockLike, state: state as { calls: unknown[][]; results: MockResult[] }, index: 0 });
  }

  /** Keeps the calls of a mock not read yet, before a clear empties them. */
  beforeClear(mock: MockLike): void {
    if (this.stateMocks.has(mock)) return;
    const state = mockState(mock);
    if (state === undefined) return;
    const { calls, results } = state;
    const cursor = this.cursors.get(mock);
    const from = cursor && cursor.calls === calls && cursor.index <= calls.length ? cursor.index : 0;
    if (calls.length > from) this.snapshots.push({ mock, calls: calls.slice(from), results: results.slice(from) });
    this.cursors.set(mock, { calls: [], index: 0 });
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

  /** Judges everything recorded, as `audit` judges a recording; the outcomes worded for mocks ({@link presentOutcome}). */
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
    // Requests a mock answered: a curl to the host would not reproduce what the mock said.
    const mocked = new Set<string>();
    for (const r of this.recorded) if (r.exchange && r.source !== 'fetch') mocked.add(`${r.exchange.method} ${parseUrl(r.exchange.url)?.pathname ?? r.exchange.url}`);
    const replay = this.replayLine();
    return { ...audit, result: { ...audit.result, outcomes: audit.result.outcomes.map((o) => presentOutcome(o, replay, mocked)) } };
  }

  /** The HAR file written last ({@link writeHar}). */
  private harWritten: string | undefined;

  /** How to see a violation again: `audit` of the HAR when one was written, else running the test file again. */
  private replayLine(): string {
    const divergences = this.options.acceptDivergences ? ' --accept-divergences' : '';
    if (this.harWritten !== undefined) return `crosschain-conformance audit ${displayPath(this.harWritten)}${divergences}`;
    const file = this.options.testFile?.();
    if (file !== undefined && this.options.rerun) return this.options.rerun(displayPath(file));
    return file !== undefined ? `run ${displayPath(file)} again` : 'run the test file again';
  }

  /** The test file, as messages name it (relative to the working directory). */
  private get fileLabel(): string {
    const file = this.options.testFile?.();
    return file === undefined ? 'this test file' : displayPath(file);
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
    return { message: `the API's mocks in ${this.fileLabel} violate the contract (${failing.length} check${failing.length === 1 ? '' : 's'}):\n\n${blocks}`, result: audit.result };
  }

  /** SHOULD rules the exchanges break (warnings: they fail only with `strict`), one block each, or undefined. */
  async warnings(): Promise<string | undefined> {
    const audit = await this.audit();
    const warned = audit.result.outcomes.filter((o: CheckOutcome) => o.status === 'warn');
    if (warned.length === 0) return undefined;
    const blocks = warned.map((o) => renderOutcomeBlock(o)).join('\n\n');
    return `the API's mocks in ${this.fileLabel} break ${warned.length} SHOULD rule${warned.length === 1 ? '' : 's'} of the contract (a warning: the file does not fail on it; strict: true fails it):\n\n${blocks}`;
  }

  /**
   * What to say about calls to the API's operations whose answer the recorder could not read (a
   * result wrapper, a mock that returned nothing, a body read before it could note it): how many,
   * which operations, through what, and the one line that gets them judged; undefined when none.
   */
  unreadNotice(nothingJudged = false): string | undefined {
    const unread = this.recorded.filter((r) => r.unread !== undefined);
    if (unread.length === 0) return undefined;
    const groups = new Map<string, { operation: string; via: string; why: string; count: number }>();
    for (const r of unread) {
      const key = `${r.unread!.operation}\u0000${r.unread!.via}\u0000${r.unjudged}`;
      const g = groups.get(key);
      if (g) g.count += 1;
      else groups.set(key, { ...r.unread!, why: r.unjudged ?? '', count: 1 });
    }
    const lines = [...groups.values()].map((g) => `  - ${g.operation} (${g.count} call${g.count === 1 ? '' : 's'}), through ${g.via}: ${g.why}`);
    const operations = [...new Set(unread.map((r) => r.unread!.operation))];
    return [
      `the recorder could not read ${unread.length} call${unread.length === 1 ? '' : 's'} to the API in ${this.fileLabel}: ${unread.length === 1 ? 'it is' : 'they are'} not judged${nothingJudged ? ', and nothing else of the API was judged in this file' : ''}.`,
      ...lines,
      `To have ${unread.length === 1 ? 'it' : 'them'} judged, check the body where the test has it, one line:`,
      ...operations.map((op) => `    ${matcherLine(op)}`),
      "  or let the mock resolve what a client reads: Response.json(body), { json: async () => body }, or axios' { data: body, status: 200 }.",
    ].join('\n');
  }

  /**
   * One line saying what was judged, when something was and nothing failed or warned: the file,
   * how many exchanges, and of which operations (so a pass is seen to be a judged pass, not a
   * file whose mocks the recorder never saw).
   */
  judgedLine(audit: RecordingAudit, file?: string): string | undefined {
    const skipped = new Set(audit.notJudged.map((n) => n.interaction));
    const counts = new Map<string, number>();
    for (const i of this.interactions()) {
      if (i.exchange === undefined || skipped.has(i.name)) continue;
      const parsed = parseUrl(i.exchange.url);
      const op = parsed === undefined ? undefined : operationOf(this.validator, i.exchange.method, parsed.pathname).operation;
      if (op !== undefined) counts.set(op, (counts.get(op) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total === 0) return undefined;
    const ops = [...counts].map(([op, n]) => (n === 1 ? op : `${op} ×${n}`)).join(', ');
    return `✓ API contract: ${total} exchange${total === 1 ? '' : 's'} of the test's mocks judged${file === undefined ? '' : ` in ${file}`} (${ops}): no violation`;
  }

  /** The names of the recorded calls whose answer could not be read (they are in {@link unreadNotice}). */
  unreadNames(): Set<string> {
    return new Set(this.recorded.filter((r) => r.unread !== undefined).map((r) => r.name));
  }

  /** Writes the recorded exchanges as a HAR 1.2 file that `crosschain-conformance audit` reads (credentials redacted); returns the entries written. */
  async writeHar(path: string): Promise<number> {
    await this.settle();
    this.harWritten = path;
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
  /**
   * A file is never a quiet pass when its code reached the API and got nothing judged: calls the
   * recorder could not read (a result wrapper, a mock that returned nothing readable) and
   * exchanges no check could judge are printed with `warn` at the end of the file, and the file
   * passes. With `requireJudged: true` they fail the file instead.
   */
  requireJudged?: boolean;
  /** Where notices and SHOULD warnings are printed (default: console.warn; the jest installer writes to stderr, without a stack frame). */
  warn?: (text: string) => void;
  /**
   * At the end of a file whose judged exchanges all kept the contract, one line says how many
   * were judged and of which operations (default true; false prints nothing on a pass).
   */
  summary?: boolean;
  /** Where that line is printed (default: console.log). */
  log?: (text: string) => void;
}

/** What to say when exchanges were recorded but no check judged any of them, or undefined when some were judged (or none recorded). */
export function nothingJudged(audit: RecordingAudit, recorded: number, file = 'this test file'): string | undefined {
  if (recorded === 0 || audit.result.outcomes.some((o) => o.status !== 'skip' && o.status !== 'disabled')) return undefined;
  const why = audit.notJudged.slice(0, 5).map((n) => `\n  - ${n.interaction}: ${n.why}`).join('');
  return `the recorder saw ${recorded} exchange${recorded === 1 ? '' : 's'} of the API in ${file}, and no check could judge any of them${why}`;
}

/** The one line that judges a body the recorder could not read (the kit's matcher). */
export function matcherLine(operation: string): string {
  return `expect(body).toSatisfyApiContract('${operation}')`;
}

/** A path as messages show it: relative to the working directory when under it. */
function displayPath(file: string): string {
  const cwd = process.cwd().replace(/\\/g, '/');
  const f = file.replace(/\\/g, '/');
  return f.startsWith(`${cwd}/`) ? f.slice(cwd.length + 1) : f;
}

/** Schema errors joined by "; " (the schema oracles' `received`), one per field: the first error of each instance path. */
function onePerField(received: string): string {
  const parts = received.split('; ');
  if (parts.length < 2 || !parts.every((p) => p.startsWith('/'))) return received;
  const seen = new Set<string>();
  return parts.filter((p) => {
    // A missing or an extra property is an error of that property, not of the object holding it.
    const named = /"(?:missingProperty|additionalProperty)":"([^"]*)"/.exec(p)?.[1];
    const field = `${p.split(' ')[0]!}${named !== undefined ? `/${named}` : ''}`;
    if (seen.has(field)) return false;
    seen.add(field);
    return true;
  }).join('; ');
}

/**
 * An outcome worded for a test's mocks: the replay a line that works here (the HAR's audit, or
 * the test file run again, never the HAR option's placeholder), no curl to the host of an exchange
 * a mock answered, one error per field in `received`, one kind per field among the violations, and
 * a `received` that says something when the fields a check reads are all absent (`? ?:?`).
 */
function presentOutcome(o: CheckOutcome, replay: string, mocked: ReadonlySet<string>): CheckOutcome {
  const out: CheckOutcome = { ...o, replay };
  if (o.violation) {
    const v = { ...o.violation } as NonNullable<CheckOutcome['violation']> & { curl?: string; request?: { method?: string; url?: string }; response?: { body?: string } };
    const key = v.request?.method && v.request.url ? `${v.request.method} ${parseUrl(v.request.url)?.pathname ?? v.request.url}` : undefined;
    if (v.curl !== undefined && (key === undefined || mocked.has(key))) delete v.curl;
    v.received = onePerField(v.received);
    if (!/[\p{L}\p{N}]/u.test(v.received)) v.received = `none of the fields the check reads is in the body${v.response?.body !== undefined ? `: ${brief(v.response.body, 300)}` : ''}`;
    out.violation = v;
  }
  if (o.violations && o.violations.length > 1) {
    const byField = new Map<string, NonNullable<CheckOutcome['violations']>[number]>();
    const kept: NonNullable<CheckOutcome['violations']> = [];
    for (const k of o.violations) {
      const field = k.where === undefined ? undefined : `${k.divergence ?? ''} ${k.where}`;
      const first = field === undefined ? undefined : byField.get(field);
      if (first) {
        first.count = Math.max(first.count, k.count);
        continue;
      }
      const copy = { ...k };
      if (field !== undefined) byField.set(field, copy);
      kept.push(copy);
    }
    out.violations = kept;
  }
  return out;
}

/** The recorder `installApiRecorder` installed last (reachable from any test file: {@link apiRecorder}). */
const INSTALLED = Symbol.for('crosschain.conformance.recorder.installed');

/**
 * The recorder the setup file's `installApiRecorder` installed, for a line in a test's own code:
 * `apiRecorder().wrapFetch(fakeFetch)` records what a hand-written fetch passed to the client
 * answers. Throws a clear error when none is installed.
 */
export function apiRecorder(): ApiRecorder {
  const r = (globalThis as Record<symbol, unknown>)[INSTALLED];
  if (!(r instanceof ApiRecorder) && !(typeof r === 'object' && r !== null && typeof (r as ApiRecorder).wrapFetch === 'function')) {
    throw new Error('apiRecorder(): no recorder is installed in this test file; call installApiRecorder({ baseUrl }) in a setup file (vitest setupFiles, jest setupFilesAfterEnv)');
  }
  return r as ApiRecorder;
}

/** An error whose stack is its message alone: its frames would be the recorder's own code, of no use to find the mock. */
function conformanceError(message: string): Error {
  const error = new Error(message);
  error.name = 'ConformanceFailure';
  error.stack = `${error.name}: ${message}`;
  return error;
}

/**
 * Registers the recorder with a runner's hooks: the fetch wrapper put back in place before each
 * test, mock functions read after each, and at the end of the file the HAR written and the
 * exchanges judged: MUST violations throw (failing the file), SHOULD violations and the calls it
 * could not read are printed (see {@link InstallOptions.requireJudged}, `strict`). Returns the
 * recorder, also reachable with {@link apiRecorder}.
 */
export function installWith(hooks: Hooks, options: InstallOptions = {}): ApiRecorder {
  const recorder = new ApiRecorder(options);
  (globalThis as Record<symbol, unknown>)[INSTALLED] = recorder;
  recorder.wrapGlobalFetch();
  hooks.beforeEach(() => recorder.wrapGlobalFetch());
  hooks.afterEach(() => recorder.harvest());
  hooks.afterAll(async () => {
    try {
      await recorder.harvest(undefined, true);
      if (options.har !== undefined) {
        const file = options.testFile?.() ?? 'recording';
        const base = file.split(/[\\/]/).pop()!.replace(/\.[^.]+$/, '');
        await recorder.writeHar(options.har.replace('[file]', base));
      }
      if (options.judge === false) return;
      const failure = await recorder.failure();
      const file = options.testFile?.();
      const audit = await recorder.audit();
      const judgedNone = recorder.size > 0 && !audit.result.outcomes.some((o) => o.status !== 'skip' && o.status !== 'disabled');
      const unread = recorder.unreadNotice(judgedNone);
      // The calls the notice lists are not listed again; what else no check could judge (a path off the API) is.
      const unreadNames = recorder.unreadNames();
      const others = audit.notJudged.filter((n) => !unreadNames.has(n.interaction));
      const nothing = unread !== undefined && others.length === 0 ? undefined : nothingJudged({ ...audit, notJudged: others }, recorder.size, file === undefined ? undefined : displayPath(file));
      const unjudged = [unread, nothing, recorder.elsewhereNotice()].filter((t): t is string => t !== undefined);
      const say = options.warn ?? console.warn;
      const should = await recorder.warnings();
      if (should !== undefined) say(should);
      if (options.requireJudged === true && unjudged.length > 0) {
        throw conformanceError([failure?.message, ...unjudged].filter((t) => t !== undefined).join('\n\n'));
      }
      for (const text of unjudged) say(text);
      if (failure) throw conformanceError(failure.message);
      if (should === undefined && options.summary !== false) {
        const line = recorder.judgedLine(audit, file === undefined ? undefined : displayPath(file));
        if (line !== undefined) (options.log ?? console.log)(line);
      }
    } finally {
      recorder.uninstall();
      if ((globalThis as Record<symbol, unknown>)[INSTALLED] === recorder) delete (globalThis as Record<symbol, unknown>)[INSTALLED];
    }
  });
  return recorder;
}
