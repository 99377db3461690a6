/**
 * A fake {@link CheckContext} for unit tests of checks: a tiny in-memory HttpClient that serves
 * canned responses from a handler, records every exchange like the real client (operation key,
 * redacted curl, parsed JSON), and a `property` runner built on fast-check with a fixed seed.
 *
 * Usage:
 * ```ts
 * const ctx = fakeContext({
 *   handler: route({
 *     'POST /currencies/v2': (req) => json(200, [...]),
 *     'GET /requests/v3': (req) => (req.auth === 'none' ? json(401, { message: 'no key' }) : json(200, { requests: [] })),
 *   }),
 *   discovery: { records: [...] },
 * });
 * const result = await check.run(ctx);
 * ```
 */
import { emptyValues } from '../../src/engine/discovery.js';
import { annotateListWrapper } from '../../src/contract/list-wrapper.js';
import { runProperty } from '../../src/engine/property.js';
import type {
  CheckConfig,
  CheckContext,
  DiscoveredValues,
  Discovery,
  Exchange,
  HttpClient,
  RequestSpec,
  SchemaError,
} from '../../src/contract/types.js';
import { TargetUnreachableError } from '../../src/contract/types.js';

/** What a fake handler answers. */
export interface FakeResponse {
  status: number;
  /** Header names are lower-cased when recorded. */
  headers?: Record<string, string>;
  /** JSON body (serialised); ignored when `bodyText` is given. */
  body?: unknown;
  /** Raw body text (to fake non-JSON bodies). */
  bodyText?: string;
  /** Schema verdict to attach to the exchange (the real client computes it with ajv). */
  schema?: { valid: boolean; errors: SchemaError[]; schemaRef?: string };
  /**
   * For a list 200 whose records are not under `requests`: the verdict of the body read with them
   * as `requests` (the engine computes it with ajv; see contract/list-wrapper.ts).
   */
  listSchema?: { valid: boolean; errors: SchemaError[]; schemaRef?: string };
  /** When set, no response arrives: `send` throws TargetUnreachableError like the real client. */
  transportError?: string;
}

export type FakeHandler = (req: RequestSpec, url: URL) => FakeResponse | Promise<FakeResponse>;

/** The four operations of the document (the OpenAPI operation keys). */
const OPERATIONS = ['POST /currencies/v2', 'GET /intents/status', 'GET /requests/v3', 'GET /requests/v2'];

export const FAKE_BASE_URL = 'http://fake.test';

/** A JSON response with `content-type: application/json`. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): FakeResponse {
  return { status, body, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } };
}

/** Routes by operation key (`METHOD /path`); unknown routes answer 404 with a JSON message. */
export function route(table: Record<string, FakeHandler>): FakeHandler {
  return (req, url) => {
    const handler = table[`${req.method} ${req.path}`];
    return handler ? handler(req, url) : json(404, { message: `no route ${req.method} ${req.path}` });
  };
}

/** The query of a request as strings (what a server would see). */
export function queryOf(req: RequestSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** The parsed JSON body of a request (a string body is parsed; unparseable -> undefined). */
export function bodyOf(req: RequestSpec): unknown {
  if (typeof req.body !== 'string') return req.body;
  try {
    return JSON.parse(req.body);
  } catch {
    return undefined;
  }
}

/** An HttpClient that serves canned responses and records exchanges like the real one. */
export class FakeHttpClient implements HttpClient {
  readonly exchanges: Exchange[] = [];
  /** Every request the check sent, in order. */
  readonly requests: RequestSpec[] = [];
  /** Set by {@link record}: answers the next send instead of the handler. */
  private canned?: FakeResponse;
  /** The run's cursor field (discovery's), as the engine annotates list wrappers with it. */
  cursorField?: string;
  /** Epoch ms of the first request when exchanges carry `startedAt` (fakeContext's `clock`); none by default. */
  clockStart?: number;
  constructor(
    private readonly handler: FakeHandler,
    private readonly config: CheckConfig,
  ) {}

  async send(req: RequestSpec): Promise<Exchange> {
    this.requests.push(req);
    const url = new URL(`${FAKE_BASE_URL}${req.path.startsWith('/') ? '' : '/'}${req.path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const auth = req.auth ?? (this.config.hasApiKey ? 'primary' : 'none');
    // The key a request carries in a query parameter too (RequestSpec.keyInQuery): shown redacted, as the header.
    if (req.keyInQuery !== undefined && auth !== 'none') url.searchParams.set(req.keyInQuery, '<redacted>');
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (auth !== 'none') headers['x-api-key'] = '<redacted>';
    const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const canned = this.canned;
    this.canned = undefined;
    const answer = canned ?? (await this.handler({ ...req, auth }, url));
    const op = `${req.method} ${req.path}`;
    const curl = [
      `curl -X ${req.method}`,
      ...Object.entries(headers).map(([k, v]) => `-H '${k}: ${v}'`),
      ...(body !== undefined ? [`--data '${body}'`] : []),
      `'${url.toString()}'`,
    ].join(' ');
    const exchange: Exchange = {
      seq: this.exchanges.length + 1,
      operation: OPERATIONS.includes(op) ? op : undefined,
      request: { method: req.method, url: url.toString(), headers, body },
      // When it was sent, as the engine's client stamps it (the oracles date a reading by it), when
      // the context has a clock: the fake target's pinned clock, one second a request.
      ...(this.clockStart !== undefined ? { startedAt: new Date(this.clockStart + this.exchanges.length * 1000).toISOString() } : {}),
      durationMs: 1,
      curl,
    };
    if (answer.transportError !== undefined) {
      exchange.transportError = answer.transportError;
      this.exchanges.push(exchange);
      throw new TargetUnreachableError(answer.transportError, exchange);
    }
    const bodyText = answer.bodyText ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    let parsed: unknown;
    let isJson = false;
    try {
      parsed = bodyText === '' ? undefined : JSON.parse(bodyText);
      isJson = bodyText !== '';
    } catch {
      parsed = undefined;
    }
    const respHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(answer.headers ?? {})) respHeaders[k.toLowerCase()] = v;
    exchange.response = { status: answer.status, headers: respHeaders, bodyText, json: parsed, isJson };
    if (answer.schema) exchange.schema = answer.schema;
    // Like the engine before it compacts bodies (runner.ts): the list wrapper of a JSON 200 is described.
    annotateListWrapper(exchange, answer.listSchema ? { validate: () => answer.listSchema } : undefined, this.cursorField);
    this.exchanges.push(exchange);
    return exchange;
  }

  /** Records an exchange without a check sending it (to seed final-phase checks). */
  async record(req: RequestSpec, answer: FakeResponse): Promise<Exchange> {
    this.canned = answer;
    try {
      return await this.send(req);
    } finally {
      this.requests.pop();
    }
  }
}

/** A discovery with defaults (window 2026-01-01..2026-02-01, target clock 2026-10-01). */
export function fakeDiscovery(partial: Partial<Omit<Discovery, 'values'>> & { values?: Partial<DiscoveredValues> } = {}): Discovery {
  const { values, ...rest } = partial;
  return {
    window: { start: 1767225600, end: 1769904000 },
    records: [],
    complete: true,
    currencies: [],
    targetNow: new Date('2026-10-01T00:00:00Z'),
    ...rest,
    values: { ...emptyValues(), ...(values ?? {}) },
  };
}

export function fakeConfig(partial: Partial<CheckConfig> = {}): CheckConfig {
  return {
    baseUrl: FAKE_BASE_URL,
    hasApiKey: true,
    hasOtherApiKey: true,
    hasInactiveApiKey: false,
    seed: 42,
    numRuns: 10,
    strict: false,
    embedded: true,
    v2ProbeRequests: 0,
    ...partial,
  };
}

export interface FakeContext extends CheckContext {
  readonly http: FakeHttpClient;
}

/** Builds a fake context; `property` is the engine's runProperty with the config's seed and numRuns. */
export function fakeContext(
  options: {
    handler?: FakeHandler;
    discovery?: Parameters<typeof fakeDiscovery>[0];
    config?: Partial<CheckConfig>;
    /**
     * Stamp every exchange with the time it was sent, starting at discovery's targetNow (pinned, never
     * the real date), one second a request: the oracles that compare readings of one window over time
     * (a cursor read twice, a walk's pages) need it, as they have it in a run.
     */
    clock?: boolean;
  } = {},
): FakeContext {
  const config = fakeConfig(options.config);
  const http = new FakeHttpClient(options.handler ?? route({}), config);
  const discovery = fakeDiscovery(options.discovery);
  http.cursorField = discovery.cursorField;
  if (options.clock) http.clockStart = discovery.targetNow.getTime();
  return {
    http,
    config,
    discovery,
    exchangesFor: (operation) => http.exchanges.filter((e) => e.operation === operation),
    /** The engine's own property runner (examples first, then the seed's random values). */
    property: (arbitrary, predicate, opts) => runProperty({ seed: config.seed, numRuns: config.numRuns }, arbitrary, predicate, opts),
  };
}
