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
import { deprecationHeaders, rateLimitedBody } from './deprecation.js';
import type { Faults } from './faults.js';
import { HttpError } from './http/errors.js';
import { nodeRequest, writeWire } from './http/node.js';
import type { CoreRequest } from './http/request.js';
import { errorReply, wireReply, type Reply, type WireReply } from './http/respond.js';
import type { Route, RouteContext } from './routes/context.js';
import { currenciesRoute } from './routes/currencies.js';
import { intentsStatusRoute } from './routes/intents-status.js';
import { requestsV2Route } from './routes/requests-v2.js';
import { requestsV3Route } from './routes/requests-v3.js';
import type { Store } from './store/store.js';
import { Variants } from './variants/catalogue.js';
import { cursorCodec, inwardContinuation } from './variants/cursor-codec.js';
import { capQueryLimit } from './variants/limits.js';
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
  /**
   * The core: one request in, its wire reply out. Never rejects for the request's sake; only once
   * the server has crashed (the faults that kill it, {@link App.crash}) does it reject, as a process
   * that exited answers nothing.
   */
  respond(req: CoreRequest): Promise<WireReply>;
  /**
   * Stops answering for good, as a process that exited (the faults that kill the server on bad
   * input): the listener closes, every open connection is dropped, `respond` rejects and the
   * `onCrash` hooks run (the websocket stream closes its sockets).
   */
  crash(): void;
  /** Set once {@link App.crash} ran. */
  crashed: boolean;
  /** Run once when the server crashes. */
  onCrash: Array<() => void>;
  /** The node:http adapter over {@link App.respond} (not listening until asked). */
  server: Server;
  /** Set once listening: `http://host:port`. */
  baseUrl: string;
}

export function createApp(opts: AppOptions): App {
  const { store, faults, now } = opts;
  const app: App = {
    respond: undefined as unknown as App['respond'],
    server: undefined as unknown as Server,
    baseUrl: '',
    crashed: false,
    onCrash: [],
    crash() {
      if (app.crashed) return;
      app.crashed = true;
      for (const hook of app.onCrash) hook();
      if (app.server.listening) app.server.close();
      app.server.closeAllConnections();
    },
  };
  const variants = opts.variants ?? new Variants();
  const codec = cursorCodec(variants);
  const limiter = variants.has('rate-limit-429') ? new OccasionalRateLimit() : undefined;
  const wire = WIRE_VARIANTS.some((v) => variants.has(v));
  const capped = variants.has('limit-capped');
  const ctx: RouteContext = {
    store,
    faults,
    variants,
    now,
    baseUrl: () => app.baseUrl,
    listQuery: (url, max) => inwardContinuation(capped ? capQueryLimit(url.searchParams, max) : url.searchParams, codec),
    outCursor: (token) => (token && codec ? (codec.numeric ? Number(codec.outward(token)) : codec.outward(token)) : token),
  };
  /** One route module per operation (src/routes/), by path. */
  const intentsStatus = intentsStatusRoute(ctx);
  const HANDLERS: Record<string, Route> = {
    '/currencies/v2': currenciesRoute(ctx),
    '/intents/status': intentsStatus,
    '/intents/status/v2': intentsStatus,
    '/intents/status/v3': intentsStatus,
    '/requests/v3': requestsV3Route(ctx),
    '/requests/v2': requestsV2Route(ctx, opts.v2RateLimit),
  };

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
      return HANDLERS[path]!(req, url);
    }
    for (const [m, re, label] of NAMED_ONLY) {
      if (!re.test(path)) continue;
      if (m !== method) return errorReply(405, `Method ${method} is not allowed on ${path}; use ${m}`, 'METHOD_NOT_ALLOWED', { Allow: m });
      return errorReply(501, `${m} ${path} (${label}) is named by the API document but not implemented by the reference server`, 'NOT_IMPLEMENTED');
    }
    return errorReply(404, `No route for ${method} ${path}; see the API document for the available operations`, 'NOT_FOUND');
  }

  app.respond = async (req: CoreRequest): Promise<WireReply> => {
    if (app.crashed) throw new ServerCrashedError();
    // Fault dies-on-double-slash: a request for `//` takes the whole server down, unanswered.
    if (faults.has('dies-on-double-slash') && req.url.startsWith('//')) {
      app.crash();
      throw new ServerCrashedError();
    }
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
    if (app.crashed) return void res.destroy();
    void app.respond(nodeRequest(req)).then(
      (wire) => writeWire(res, wire),
      () => res.destroy(),
    );
  });
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (_err, socket) => {
    const body = '{"message":"Malformed HTTP request","errorCode":"BAD_REQUEST"}';
    if (socket.writable) socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  });
  app.server = server;
  return app;
}

/** What `respond` rejects with once the server has crashed (a fault that kills it): no answer at all. */
export class ServerCrashedError extends Error {
  constructor() {
    super('the reference server has crashed (an injected fault): it answers nothing any more');
    this.name = 'ServerCrashedError';
  }
}

/** Address of a listening server as `http://host:port` (IPv6 hosts bracketed). */
export function baseUrlOf(server: Server, host: string): string {
  const addr = server.address() as AddressInfo;
  const h = host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${addr.port}`;
}
