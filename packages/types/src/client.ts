import createClient, { type Client, type FetchResponse, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './generated/api.js';
import { contractOperations } from './generated/operations.js';
import { hasDeprecationSignals, readDeprecationSignals, type DeprecationSignals } from './deprecation.js';
import { MissingApiKeyError, SettlementResponseError } from './errors.js';
import { encodeRequestsV3Filters, type RequestsV3FilterGroupInput } from './filters.js';

/** The four operations whose contract the API document states in full. */
export type SettlementOperationId = 'postCurrenciesV2' | 'getIntentStatus' | 'getRequestsV3' | 'getRequestsV2';

/**
 * What an operation resolves to: openapi-fetch's `{ data, response }` on 2xx or
 * `{ error, response }` otherwise, typed from the contract.
 */
export type OperationResult<K extends SettlementOperationId> = FetchResponse<operations[K], object, 'application/json'>;

/** The query of an operation, typed from the contract. */
export type OperationQuery<K extends SettlementOperationId> = NonNullable<operations[K]['parameters']['query']>;

/**
 * The query of `requestsV3`: the contract's query, with `filters` given as its groups (OR-ed, each
 * an AND of fields; encoded with {@link encodeRequestsV3Filters}, which refuses what the API
 * rejects), or as the JSON text the API takes.
 */
export type RequestsV3ClientQuery = Omit<OperationQuery<'getRequestsV3'>, 'filters'> & {
  filters?: readonly RequestsV3FilterGroupInput[] | string;
};

/**
 * What a client method resolves to: the openapi-fetch result plus the parsed deprecation signals
 * of the response (API document, Versioning: every v2 response carries them).
 */
export type SettlementResult<K extends SettlementOperationId> = OperationResult<K> & { deprecation: DeprecationSignals };

/** Where a deprecation signal was seen. */
export interface DeprecationContext {
  /** operationId from the contract, or undefined for a path the contract does not have. */
  operationId: string | undefined;
  method: string;
  /** The OpenAPI path, e.g. `/requests/v2`. */
  path: string;
  status: number;
  url: string;
}

/** A `fetch` as openapi-fetch calls it. */
export type SettlementFetch = (input: Request) => Promise<Response>;

export interface SettlementClientOptions {
  /** Base address, e.g. `https://api.example.com` (the document's `{base_url}`). */
  baseUrl: string;
  /** Sent as `x-api-key` on every call (API document, Authentication rule 1). Required for v3. */
  apiKey?: string;
  /** A custom fetch (tests, proxies); defaults to `globalThis.fetch`. */
  fetch?: SettlementFetch;
  /**
   * Called for every response that carries a deprecation signal (`Deprecation`, `Sunset`, a
   * `deprecation`/`sunset`/`successor-version` link, or a body `deprecation` object). An error
   * thrown here propagates to the caller of the operation.
   */
  onDeprecation?: (signals: DeprecationSignals, context: DeprecationContext) => void;
}

/** Per-call options. */
export interface CallOptions {
  signal?: AbortSignal;
}

interface SettlementClientBase {
  readonly baseUrl: string;
  /**
   * The underlying openapi-fetch client over every path of the contract, for the named-only
   * operations and anything the wrappers do not cover. It carries the key and the same guards.
   */
  readonly raw: Client<paths>;
  /** `POST /currencies/v2`: currency metadata from the curated list. */
  currenciesV2(body?: components['schemas']['CurrenciesV2Body'], options?: CallOptions): Promise<SettlementResult<'postCurrenciesV2'>>;
  /** `GET /intents/status` (deprecated): status of an intent. */
  intentStatus(query: OperationQuery<'getIntentStatus'>, options?: CallOptions): Promise<SettlementResult<'getIntentStatus'>>;
  /** `GET /requests/v2` (deprecated): result plus the parsed deprecation signals. */
  requestsV2(query?: OperationQuery<'getRequestsV2'>, options?: CallOptions): Promise<SettlementResult<'getRequestsV2'>>;
}

/** A client created with an API key: it can list v3 requests. */
export interface AuthenticatedSettlementClient extends SettlementClientBase {
  readonly authenticated: true;
  /** `GET /requests/v3`: list requests (`x-api-key` required). */
  requestsV3(query?: RequestsV3ClientQuery, options?: CallOptions): Promise<SettlementResult<'getRequestsV3'>>;
}

/**
 * What `requestsV3` is on a client created without a key: not callable, and the compiler's error
 * names the fix (API document, Authentication rule 3: `GET /requests/v3` requires `x-api-key`).
 */
export interface RequestsV3NeedsAnApiKey {
  readonly 'requestsV3 needs an API key: create the client with createSettlementClient({ baseUrl, apiKey })': never;
}

/**
 * A client created without an API key. Its `requestsV3` is not callable at the type level (the
 * error says why); at run time a v3 call (through a cast or `raw`) is refused with
 * {@link MissingApiKeyError} before it is sent.
 */
export interface PublicSettlementClient extends SettlementClientBase {
  readonly authenticated: false;
  readonly requestsV3: RequestsV3NeedsAnApiKey;
}

/**
 * A client created with a key typed `string | undefined` (e.g. `process.env.KEY`): `requestsV3`
 * exists, and rejects with {@link MissingApiKeyError} when the key was undefined. `authenticated`
 * tells which at run time.
 */
export interface OptionalKeySettlementClient extends SettlementClientBase {
  readonly authenticated: boolean;
  /**
   * `GET /requests/v3`: list requests (`x-api-key` required).
   *
   * @throws {MissingApiKeyError} when the client was created without a key
   */
  requestsV3(query?: RequestsV3ClientQuery, options?: CallOptions): Promise<SettlementResult<'getRequestsV3'>>;
}

export type SettlementClient = AuthenticatedSettlementClient | PublicSettlementClient | OptionalKeySettlementClient;

/** `METHOD path` of the operations whose security requires `x-api-key` (Authentication rule 3). */
const KEY_REQUIRED: ReadonlySet<string> = new Set(
  contractOperations.filter((op) => op.keyRequired).map((op) => `${op.method} ${op.path}`),
);

/** operationId by `METHOD path`. */
const OPERATION_BY_PATH: ReadonlyMap<string, string> = new Map(contractOperations.map((op) => [`${op.method} ${op.path}`, op.operationId]));

/** The body `deprecation` object of a v2 200 (API document, Versioning), when it is an object. */
function noticeOf(data: unknown): DeprecationSignals['notice'] {
  if (typeof data !== 'object' || data === null || !('deprecation' in data)) return null;
  const notice = data.deprecation;
  return typeof notice === 'object' && notice !== null && !Array.isArray(notice) ? (notice as DeprecationSignals['notice']) : null;
}

function fail(message: string): never {
  throw new TypeError(`createSettlementClient: ${message}`);
}

function checkBaseUrl(baseUrl: unknown): string {
  const notAbsolute: () => never = () =>
    fail(`baseUrl must be an absolute http(s) URL, got ${JSON.stringify(baseUrl)}. Example: { baseUrl: 'https://api.example.com' }`);
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') notAbsolute();
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return notAbsolute();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`baseUrl must use http or https, got ${JSON.stringify(url.protocol)}`);
  }
  if (url.search || url.hash) fail('baseUrl must not have a query or a fragment');
  return baseUrl.replace(/\/+$/, '');
}

/** The key must be a valid header value; the message never shows the key. */
function checkApiKey(apiKey: unknown): string | undefined {
  if (apiKey === undefined) return undefined;
  if (typeof apiKey !== 'string') fail(`apiKey must be a string, got ${typeof apiKey}`);
  if (apiKey === '') fail('apiKey must not be empty; omit it to create a client without a key');
  if (!/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(apiKey)) {
    fail('apiKey contains characters that are not allowed in an HTTP header value (control characters, non-ASCII, or surrounding spaces)');
  }
  return apiKey;
}

function checkObject(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw new TypeError(`${name} must be an object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`);
  }
}

/**
 * Creates a typed client of the settlement API on openapi-fetch.
 *
 * With an `apiKey` string, the client can call `requestsV3`. Without one, `requestsV3` is not
 * callable at the type level (the error says the key is missing). With a key typed
 * `string | undefined`, `requestsV3` exists and rejects with {@link MissingApiKeyError} when the key
 * is undefined. A v3 request without a key is never sent.
 *
 * @throws {TypeError} on an invalid `baseUrl`, `apiKey`, `fetch` or `onDeprecation`
 */
export function createSettlementClient(options: SettlementClientOptions & { apiKey: string }): AuthenticatedSettlementClient;
export function createSettlementClient(options: SettlementClientOptions & { apiKey?: undefined }): PublicSettlementClient;
export function createSettlementClient(options: SettlementClientOptions): OptionalKeySettlementClient;
export function createSettlementClient(options: SettlementClientOptions): SettlementClient {
  if (typeof options !== 'object' || options === null) fail('expected an options object { baseUrl, apiKey?, fetch?, onDeprecation? }');
  const baseUrl = checkBaseUrl(options.baseUrl);
  const apiKey = checkApiKey(options.apiKey);
  if (options.fetch !== undefined && typeof options.fetch !== 'function') fail('fetch must be a function');
  if (options.onDeprecation !== undefined && typeof options.onDeprecation !== 'function') fail('onDeprecation must be a function');
  const fetchImpl = options.fetch ?? (globalThis.fetch as SettlementFetch | undefined);
  if (typeof fetchImpl !== 'function') fail('no global fetch in this runtime: pass { fetch }');
  const onDeprecation = options.onDeprecation;

  const raw = createClient<paths>({
    baseUrl,
    fetch: fetchImpl,
    ...(apiKey === undefined ? {} : { headers: { 'x-api-key': apiKey } }),
  });

  /** Requests whose deprecation signals a wrapper method reports itself (with the body notice). */
  const reportedByWrapper = new WeakSet<Request>();

  const emit = (signals: DeprecationSignals, method: string, url: string, path: string, status: number): void => {
    if (!onDeprecation || !hasDeprecationSignals(signals)) return;
    onDeprecation(signals, { operationId: OPERATION_BY_PATH.get(`${method} ${path}`), method, path, status, url });
  };

  raw.use({
    onRequest({ request, schemaPath }) {
      if (KEY_REQUIRED.has(`${request.method} ${schemaPath}`) && !request.headers.get('x-api-key')) {
        throw new MissingApiKeyError(`${request.method} ${schemaPath}`);
      }
      return undefined;
    },
    onResponse({ request, response, schemaPath }) {
      if (!reportedByWrapper.has(request)) {
        emit(readDeprecationSignals(response.headers, request.url), request.method, request.url, schemaPath, response.status);
      }
      return undefined;
    },
  });

  /**
   * Runs one wrapper call: marks its request as reported by the wrapper, turns an unparseable
   * 2xx body into a {@link SettlementResponseError}, then reads the deprecation signals.
   */
  async function run<T extends { response: Response; data?: unknown }>(
    method: 'GET' | 'POST',
    path: string,
    call: (middleware: Middleware[]) => Promise<T>,
    readNotice: (result: T) => DeprecationSignals['notice'] = () => null,
  ): Promise<T & { deprecation: DeprecationSignals }> {
    let status = 0;
    let url = `${baseUrl}${path}`;
    const perCall: Middleware = {
      onRequest({ request }) {
        reportedByWrapper.add(request);
        url = request.url;
        return undefined;
      },
      onResponse({ response }) {
        status = response.status;
        return undefined;
      },
    };
    let result: T;
    try {
      result = await call([perCall]);
    } catch (error) {
      if (error instanceof SyntaxError && status !== 0) {
        throw new SettlementResponseError(`${method} ${path}`, status, `the body is not JSON (${error.message})`);
      }
      throw error;
    }
    const deprecation = readDeprecationSignals(result.response.headers, url, readNotice(result));
    emit(deprecation, method, url, path, result.response.status);
    return Object.assign(result, { deprecation });
  }

  const base: SettlementClientBase = {
    baseUrl,
    raw,
    async currenciesV2(body, callOptions) {
      checkObject('currenciesV2 body', body);
      return run('POST', '/currencies/v2', (middleware) =>
        raw.POST('/currencies/v2', { body: body ?? {}, signal: callOptions?.signal, middleware }),
      );
    },
    async intentStatus(query, callOptions) {
      checkObject('intentStatus query', query);
      return run('GET', '/intents/status', (middleware) =>
        raw.GET('/intents/status', { params: { query }, signal: callOptions?.signal, middleware }),
      );
    },
    async requestsV2(query, callOptions) {
      checkObject('requestsV2 query', query);
      return run(
        'GET',
        '/requests/v2',
        (middleware) => raw.GET('/requests/v2', { params: { query }, signal: callOptions?.signal, middleware }),
        (result) => noticeOf(result.data),
      );
    },
  };

  async function requestsV3(query?: RequestsV3ClientQuery, callOptions?: CallOptions): Promise<SettlementResult<'getRequestsV3'>> {
    if (apiKey === undefined) throw new MissingApiKeyError('GET /requests/v3');
    checkObject('requestsV3 query', query);
    const filters = query?.filters;
    // Groups are encoded (and refused where the API would answer 400) here; a string is sent as given.
    const encoded: OperationQuery<'getRequestsV3'> | undefined =
      query === undefined ? undefined : { ...query, filters: filters === undefined || typeof filters === 'string' ? filters : encodeRequestsV3Filters(filters) };
    if (encoded && encoded.filters === undefined) delete encoded.filters;
    return run('GET', '/requests/v3', (middleware) =>
      raw.GET('/requests/v3', { params: { query: encoded }, signal: callOptions?.signal, middleware }),
    );
  }

  if (apiKey === undefined) {
    // Callable only as an OptionalKeySettlementClient (or from JavaScript): it rejects before sending.
    return Object.assign(base, { authenticated: false as const, requestsV3 }) as unknown as PublicSettlementClient;
  }
  return Object.assign(base, { authenticated: true as const, requestsV3 });
}
