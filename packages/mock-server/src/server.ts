/**
 * The reference server's core: POST /currencies/v2, GET /intents/status, GET /requests/v3,
 * GET /requests/v2; outside the document's contract GET /intents/status/v2 and /v3 (as the live
 * service's clients call them); 501 for the operations the document only names and the live
 * service's other operations; 404/405 otherwise. Bad input gets a 4xx JSON `{ message, errorCode }`;
 * a bug becomes a 500 JSON. `respond` takes a {@link CoreRequest} and resolves to the
 * {@link WireReply} (it never rejects); node:http (`app.server`, below) and the WHATWG fetch
 * handler (fetch-handler.ts) are adapters over it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { optionalKey, requireKey } from './auth.js';
import { defaultV2RateLimit, deprecationHeaders, deprecationObject, rateLimitedBody, retiredBody, SUNSET_AT, Throttle } from './deprecation.js';
import { scaleTotal, type Faults } from './faults.js';
import { HttpError } from './http/errors.js';
import { nodeRequest, writeWire } from './http/node.js';
import type { CoreRequest } from './http/request.js';
import { errorReply, wireReply, type Reply, type WireReply } from './http/respond.js';
import { runQuery } from './query/engine.js';
import { toParams } from './query/params.js';
import { parseV2Query } from './query/v2-query.js';
import { parseV3Query, V3_MAX_LIMIT } from './query/v3-query.js';
import { currencies, CURRENCIES_MAX_LIMIT } from './routes/currencies.js';
import type { Store } from './store/store.js';
import { presentIntentStatus, presentIntentStatusVersion, UNKNOWN_INTENT_STATUS } from './views/intent-status.js';
import { ownedBy, presentV3 } from './views/v3.js';
import { toV2 } from './views/v2.js';
import { Variants } from './variants/catalogue.js';
import { cursorCodec, inwardContinuation } from './variants/cursor-codec.js';
import { addExtrasDeep, intentStatusExtras, wrapperExtras, wrapperExtrasJson } from './variants/extra-fields.js';
import { capBodyLimit, capQueryLimit } from './variants/limits.js';
import { OccasionalRateLimit, RATE_LIMITED_BODY } from './variants/rate-limit.js';
import { variedWireReply, WIRE_VARIANTS } from './variants/response.js';

/**
 * Operations the reference server does not implement, by method, answered 501: the ones the
 * document names only (live-service facts §5 paths) and every other operation of the live
 * service's OpenAPI (SDK `types/api.ts`) that a client may call, in every version it has.
 */
export const NAMED_ONLY: ReadonlyArray<[method: string, path: RegExp, label: string]> = [
  ['POST', /^\/quote\/v2$/, 'get quote'],
  ['POST', /^\/quote$/, 'an earlier quote operation'],
  ['POST', /^\/execute\/permits$/, 'submit permit'],
  ['GET', /^\/chains$/, 'get chains'],
  ['GET', /^\/chains\/liquidity$/, 'get chains liquidity'],
  ['GET', /^\/currencies\/token\/price$/, 'get token price'],
  ['POST', /^\/transactions\/index$/, 'transactions index'],
  ['POST', /^\/transactions\/single$/, 'transactions single'],
  ['POST', /^\/transactions\/deposit-address\/reindex$/, 'deposit address reindex'],
  ['GET', /^\/app-fees\/[^/]+\/balances$/, 'get app fee balances'],
  ['POST', /^\/app-fees\/[^/]+\/claim$/, 'claim app fees'],
  ['GET', /^\/metrics\/usage$/, 'get usage'],
  ['POST', /^\/fast-fill$/, 'fast fill'],
  ['GET', /^\/swap-sources$/, 'get swap sources'],
  ['POST', /^\/execute$/, 'execute gasless transactions'],
  ['POST', /^\/price$/, 'get price'],
  ['GET', /^\/config\/v2$/, 'get config'],
  ['POST', /^\/currencies\/v1$/, 'an earlier currencies operation'],
  // Live-service operations the document does not name (SDK types/api.ts paths).
  ['GET', /^\/app-fees\/[^/]+\/claims$/, 'app fee claim history'],
  ['GET', /^\/balance-events\/[^/]+$/, 'balance events'],
  ['GET', /^\/chains\/health$/, 'chains health'],
  ['GET', /^\/config$/, 'an earlier config operation'],
  ['GET', /^\/deposit-addresses\/v1$/, 'deposit addresses'],
  ['POST', /^\/execute\/swap$/, 'execute swap'],
  ['GET', /^\/lives$/, 'liveness'],
  ['GET', /^\/requests\/[^/]+\/signature(\/v2)?$/, 'request signature'],
  ['GET', /^\/requests$/, 'an earlier requests operation'],
  ['POST', /^\/requests\/metadata$/, 'request metadata'],
  ['GET', /^\/loadforge\.txt$/, 'load-test verification'],
  ['POST', /^\/conduit\/install$/, 'conduit install'],
  ['GET', /^\/prices\/rates$/, 'price rates'],
  ['GET', /^\/currencies\/token\/price\/v2$/, 'get token price'],
  ['GET', /^\/currencies\/trending$/, 'trending currencies'],
  ['GET', /^\/chains\/[^/]+\/currencies\/[^/]+(\/chart)?$/, 'currency details'],
  ['POST', /^\/provision\/chain$/, 'provision chain'],
  ['GET', /^\/sanctioned\/[^/]+$/, 'sanctions check'],
  ['POST', /^\/wallets\/screen(\/override)?$/, 'wallet screening'],
  ['GET', /^\/wallets\/screen\/info$/, 'wallet screening info'],
  ['POST', /^\/withdrawals\/(attest-deposit|request)$/, 'withdrawals'],
  ['GET', /^\/withdrawals\/status$/, 'withdrawal status'],
];

const ROUTES: Record<string, string> = {
  '/currencies/v2': 'POST',
  '/intents/status': 'GET',
  // Outside the API document's contract: the newer status operations as the live service's
  // clients call them (the SDK's polling, relay-kit's execution status).
  '/intents/status/v2': 'GET',
  '/intents/status/v3': 'GET',
  '/requests/v3': 'GET',
  '/requests/v2': 'GET',
};

const MAX_BODY = 64 * 1024;
/** Faults that change how records are presented: the serialized-record cache is off with them. */
const RECORD_FAULTS = ['v3-failreason-na', 'v3-missing-requesttype', 'v3-same-chain-destination', 'v3-amount-number', 'v3-authenticated-leak', 'v3-authenticated-withheld'];
/** Bytes of serialized records kept (about 12,000 records): the same at 3,000 or 10,000,000 records. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const OPEN_REQUESTS = Buffer.from('{"requests":[');
const COMMA = Buffer.from(',');

export interface AppOptions {
  store: Store;
  faults: Faults;
  /** Allowed variations (src/variants/catalogue.ts); default none. */
  variants?: Variants;
  /** Server clock, epoch ms. */
  now: () => number;
  /** Explicit v2 limit per minute (0 = unlimited); undefined = the dated default. */
  v2RateLimit?: number;
  /** Logs one line per 5xx (never API keys). */
  log?: (line: string) => void;
}

export interface App {
  /** The core: one request in, its wire reply out (never rejects). */
  respond(req: CoreRequest): Promise<WireReply>;
  /** The node:http adapter over {@link App.respond} (not listening until asked). */
  server: Server;
  /** Set once listening: `http://host:port`. */
  baseUrl: string;
}

export function createApp(opts: AppOptions): App {
  const { store, faults, now } = opts;
  /** The scale faults of `total` (faults.ts), hooked into the query engine's count. */
  const totalFaults = scaleTotal(faults);
  const throttle = new Throttle();
  /** Serialized v3 records as UTF-8 (invalidated on store changes): key = position * 2 + (authenticated ? 1 : 0). FIFO-evicted past CACHE_MAX_BYTES. */
  const jsonCache = RECORD_FAULTS.some((f) => faults.has(f)) ? null : new Map<number, Buffer>();
  let cachedBytes = 0;
  const uncache = (key: number): void => {
    const json = jsonCache!.get(key);
    if (json === undefined) return;
    cachedBytes -= json.length;
    jsonCache!.delete(key);
  };
  const app: App = { respond: undefined as unknown as App['respond'], server: undefined as unknown as Server, baseUrl: '' };
  // Status changes and arrivals (issue 9) invalidate the serialized records they touch.
  store.onChange((change) => {
    if (!jsonCache) return;
    if (change.kind === 'all') {
      cachedBytes = 0;
      return jsonCache.clear();
    }
    for (const p of change.positions) {
      uncache(p * 2);
      uncache(p * 2 + 1);
    }
  });
  const variants = opts.variants ?? new Variants();
  const codec = cursorCodec(variants);
  const limiter = variants.has('rate-limit-429') ? new OccasionalRateLimit() : undefined;
  const wire = WIRE_VARIANTS.some((v) => variants.has(v));
  const capped = variants.has('limit-capped');
  const recordExtras = variants.has('record-extra-fields');
  /** The list query as parsed: limit capped (limit-capped), continuation decoded (cursor variants). */
  const listQuery = (url: URL, max: number): URLSearchParams => inwardContinuation(capped ? capQueryLimit(url.searchParams, max) : url.searchParams, codec);
  const outCursor = (token: string | undefined): string | number | undefined => (token && codec ? (codec.numeric ? Number(codec.outward(token)) : codec.outward(token)) : token);

  const v2Headers = (): Record<string, string> => deprecationHeaders(app.baseUrl, faults);
  const v2ErrorHeaders = (): Record<string, string> => (faults.has('v2-no-deprecation-on-errors') ? {} : v2Headers());

  async function handle(req: CoreRequest, url: URL): Promise<Reply> {
    const method = req.method;
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const expected = ROUTES[path];
    if (expected) {
      if (limiter?.hit()) {
        return path === '/requests/v2' ? { status: 429, body: rateLimitedBody(app.baseUrl) } : { status: 429, body: RATE_LIMITED_BODY, headers: { 'Retry-After': '1' } };
      }
      if (method !== expected && !(method === 'HEAD' && expected === 'GET')) {
        return errorReply(405, `Method ${method} is not allowed on ${path}; use ${expected}`, 'METHOD_NOT_ALLOWED', { Allow: expected === 'GET' ? 'GET, HEAD' : expected });
      }
      switch (path) {
        case '/currencies/v2': {
          optionalKey(req.headers['x-api-key']);
          const text = await req.body(MAX_BODY);
          let body: unknown = {};
          if (text.trim() !== '') {
            try {
              body = JSON.parse(text);
            } catch {
              throw new HttpError(400, 'Invalid JSON body: expected a JSON object such as {"chainIds":[1],"limit":20}', 'INVALID_BODY');
            }
          }
          const reply = currencies(capped ? capBodyLimit(body, CURRENCIES_MAX_LIMIT) : body, faults);
          if (variants.has('currency-extra-fields')) addExtrasDeep(reply.body);
          return reply;
        }
        case '/intents/status':
        case '/intents/status/v2':
        case '/intents/status/v3': {
          optionalKey(req.headers['x-api-key']);
          const ids = url.searchParams.getAll('requestId');
          if (ids.length === 0 || ids[0] === '') throw new HttpError(400, 'Missing requestId: pass the request id as ?requestId=<id>', 'INVALID_PARAMETER');
          if (ids.length > 1) throw new HttpError(400, 'Invalid requestId: pass exactly one requestId', 'INVALID_PARAMETER');
          const row = store.byId(ids[0]);
          if (!row) {
            if (variants.has('intents-status-unknown')) return { status: 200, body: { ...UNKNOWN_INTENT_STATUS } };
            return errorReply(404, `No request with id ${JSON.stringify(ids[0].slice(0, 100))}`, 'NOT_FOUND');
          }
          const status = path === '/intents/status' ? presentIntentStatus(row, faults) : presentIntentStatusVersion(row, path === '/intents/status/v3' ? 'v3' : 'v2');
          return { status: path === '/intents/status' && faults.has('intents-status-201') ? 201 : 200, body: variants.has('intent-status-extra-fields') ? intentStatusExtras(status) : status };
        }
        case '/requests/v3':
          return requestsV3(req, url);
        case '/requests/v2':
          return requestsV2(req, url);
      }
    }
    for (const [m, re, label] of NAMED_ONLY) {
      if (!re.test(path)) continue;
      if (m !== method) return errorReply(405, `Method ${method} is not allowed on ${path}; use ${m}`, 'METHOD_NOT_ALLOWED', { Allow: m });
      return errorReply(501, `${m} ${path} (${label}) is named by the API document but not implemented by the reference server`, 'NOT_IMPLEMENTED');
    }
    return errorReply(404, `No route for ${method} ${path}; see the API document for the available operations`, 'NOT_FOUND');
  }

  /** Fault v3-cursor-changes-meaning: true when this continuation was read before (the page then skips a record). */
  const cursorsRead = new Set<string>();
  function rereadCursor(cursor: string | null): boolean {
    if (!cursor) return false;
    if (cursorsRead.has(cursor)) return true;
    if (cursorsRead.size < 100_000) cursorsRead.add(cursor);
    return false;
  }

  /** Fault v3-total-stale-after-first-read: 0 on the first includeTotal answer of a query, 1 on its repeats. */
  const totalsAnswered = new Set<string>();
  function staleTotalOffset(params: URLSearchParams, integrator: string | null): number {
    if (!faults.has('v3-total-stale-after-first-read')) return 0;
    const key = JSON.stringify([integrator, [...params].filter(([k]) => k !== 'limit' && k !== 'continuation').sort()]);
    if (totalsAnswered.has(key)) return 1;
    if (totalsAnswered.size < 100_000) totalsAnswered.add(key);
    return 0;
  }

  /**
   * The faults of the listing without a time window (issue 25: a client's first calls; the reference
   * server answers them from other indexes than its windowed queries).
   */
  function unwindowedFaults(page: { rows: unknown[]; continuation?: string; total?: number }, params: URLSearchParams, limit: number): void {
    if (params.has('startTimestamp') || params.has('endTimestamp')) return;
    const first = !params.has('continuation');
    const sortBy = params.get('sortBy') ?? 'createdAt';
    if (faults.has('v3-unwindowed-empty-page') && first) {
      page.rows = [];
      delete page.continuation;
    }
    if (faults.has('v3-unwindowed-short-pages') && sortBy === 'createdAt' && !params.has('sortDirection') && page.continuation && page.rows.length === limit && limit > 1) page.rows = page.rows.slice(0, -1);
    if (faults.has('v3-unwindowed-asc-skips-earliest') && first && sortBy === 'createdAt' && params.get('sortDirection') === 'asc') page.rows = page.rows.slice(2);
    if (faults.has('v3-unwindowed-total-miscount') && page.total !== undefined && page.total > 0) page.total -= 1;
  }

  function requestsV3(req: CoreRequest, url: URL): Reply {
    const key = requireKey(req.headers['x-api-key'], faults.has('v3-no-auth'));
    const integrator = key?.integrator ?? null;
    const { query, flags } = parseV3Query(toParams(listQuery(url, V3_MAX_LIMIT)), { integrator, faults });
    const reread = faults.has('v3-cursor-changes-meaning') && rereadCursor(url.searchParams.get('continuation'));
    const page = runQuery(store, query, { overlap: faults.has('v3-page-overlap'), gap: faults.has('v3-page-gap') || reread, repeatCursor: faults.has('v3-repeated-cursor'), total: totalFaults });
    unwindowedFaults(page, url.searchParams, query.limit);
    const ctx = { includeAuthenticatedData: flags.includeAuthenticatedData, integrator, faults, variants };
    const parts: Buffer[] = [OPEN_REQUESTS];
    page.rows.forEach((r, i) => {
      if (i > 0) parts.push(COMMA);
      if (!jsonCache) {
        parts.push(Buffer.from(JSON.stringify(presentV3(store, r, ctx))));
        return;
      }
      const key = r.idx * 2 + (ctx.includeAuthenticatedData && ownedBy(r, integrator) ? 1 : 0);
      let json = jsonCache.get(key);
      if (json === undefined) {
        json = Buffer.from(JSON.stringify(presentV3(store, r, ctx)));
        while (cachedBytes + json.length > CACHE_MAX_BYTES && jsonCache.size > 0) uncache(jsonCache.keys().next().value!);
        jsonCache.set(key, json);
        cachedBytes += json.length;
      }
      parts.push(json);
    });
    let tail = ']';
    if (page.continuation) tail += `,"continuation":${JSON.stringify(outCursor(page.continuation))}`;
    else if (variants.has('continuation-null')) tail += ',"continuation":null';
    if (page.total !== undefined) tail += `,"total":${faults.has('v3-total-page-count') ? page.rows.length : page.total + staleTotalOffset(url.searchParams, integrator)}`;
    tail += wrapperExtrasJson(variants);
    parts.push(Buffer.from(`${tail}}`));
    return { status: 200, raw: Buffer.concat(parts) };
  }

  function requestsV2(req: CoreRequest, url: URL): Reply {
    const t = now();
    const key = optionalKey(req.headers['x-api-key']);
    if (t >= SUNSET_AT) return { status: 410, body: retiredBody(app.baseUrl) };
    const limit = opts.v2RateLimit !== undefined ? (opts.v2RateLimit > 0 ? opts.v2RateLimit : null) : defaultV2RateLimit(t);
    if (limit !== null) {
      const caller = key ? `key:${key.key}` : `ip:${req.remoteAddress ?? 'unknown'}`;
      if (!throttle.take(caller, limit, t)) {
        return { status: faults.has('v2-throttle-430') ? 430 : 429, body: rateLimitedBody(app.baseUrl), ...(faults.has('v2-429-retry-after') ? { headers: { 'Retry-After': '60' } } : {}) };
      }
    }
    const integrator = key?.integrator ?? null;
    // The v2 maximum is 50 too (live-service facts §2.4).
    const { query, includeAuthenticatedData } = parseV2Query(toParams(listQuery(url, V3_MAX_LIMIT)), integrator, faults);
    const page = runQuery(store, query, { overlap: false, gap: false });
    const requests = page.rows.map((r) => {
      const v3 = store.dataset.record(r);
      const auth = includeAuthenticatedData && ownedBy(r, integrator) ? store.dataset.authenticated(r) : undefined;
      const record = toV2(r, v3, auth?.platformFee);
      if (recordExtras) addExtrasDeep(record);
      return record;
    });
    const body: Record<string, unknown> = { requests };
    if (page.continuation) body.continuation = outCursor(page.continuation);
    else if (variants.has('continuation-null')) body.continuation = null;
    Object.assign(body, wrapperExtras(variants));
    if (!faults.has('v2-no-deprecation-object')) body.deprecation = deprecationObject(app.baseUrl);
    return { status: 200, body };
  }

  app.respond = async (req: CoreRequest): Promise<WireReply> => {
    const head = req.method === 'HEAD';
    const accept = req.headers['accept-encoding'];
    const wireOf = (reply: Reply): WireReply => (wire ? variedWireReply(reply, now(), head, variants, Array.isArray(accept) ? accept.join(', ') : accept) : wireReply(reply, now(), head));
    let url: URL;
    try {
      url = new URL(req.url, 'http://localhost');
    } catch {
      return wireOf(errorReply(400, 'Malformed request URL', 'INVALID_URL'));
    }
    const isV2 = url.pathname.replace(/\/+$/, '') === '/requests/v2';
    /** Every /requests/v2 response, whatever produced it, gets the deprecation headers here (and only here). */
    const withV2 = (reply: Reply): Reply => {
      if (isV2) reply.headers = { ...(reply.status < 400 ? v2Headers() : v2ErrorHeaders()), ...reply.headers };
      return reply;
    };
    let reply: Reply;
    try {
      reply = await handle(req, url);
    } catch (err) {
      if (err instanceof HttpError) {
        const status = err.status === 401 && variants.has('auth-403') ? 403 : err.status;
        reply = errorReply(status, err.message, err.errorCode, { ...err.headers });
      } else {
        opts.log?.(`500 ${req.method} ${url.pathname}: ${err instanceof Error ? err.message : String(err)}`);
        reply = errorReply(500, 'Internal server error', 'INTERNAL_ERROR');
      }
    }
    return wireOf(withV2(reply));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void app.respond(nodeRequest(req)).then((wire) => writeWire(res, wire));
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (_err, socket) => {
    const body = '{"message":"Malformed HTTP request","errorCode":"BAD_REQUEST"}';
    if (socket.writable) socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  });
  app.server = server;
  return app;
}

/** Address of a listening server as `http://host:port` (IPv6 hosts bracketed). */
export function baseUrlOf(server: Server, host: string): string {
  const addr = server.address() as AddressInfo;
  const h = host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${addr.port}`;
}
