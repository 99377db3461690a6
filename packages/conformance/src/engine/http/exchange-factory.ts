/**
 * The exchange factory of the kit's HTTP client (http.ts): builds a request's URL (the target's own
 * bases only) and headers (its key, the `-H` headers), and the {@link Exchange} that records it —
 * redacted (a key never leaves unredacted), with its curl reproduction — then reads the
 * answer into it: headers and body redacted, the body parsed as JSON, validated against the spec.
 */
import { REDACTED, redactor } from '../../contract/redact.js';
import type { AuthChoice, Exchange, ExchangeResponse, RequestSpec } from '../../contract/types.js';
import type { ResponseValidator } from '../../contract/validator.js';
import type { FetchResponse } from './transport.js';

/**
 * The environment variable a printed curl line names for the key of each auth choice (a
 * literal `x-api-key: <redacted>` answered 401 when pasted): the variables the kit itself reads, so
 * the line runs as pasted where the kit runs, and the key is never printed.
 */
export const KEY_VARIABLE_OF = { primary: 'CONFORMANCE_API_KEY', other: 'CONFORMANCE_OTHER_API_KEY', inactive: 'CONFORMANCE_INACTIVE_API_KEY' } as const;

/** A header value that is a reference to one of {@link KEY_VARIABLE_OF}'s variables. */
const VARIABLE_VALUE = /^\$CONFORMANCE_[A-Z_]+$/;

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as a curl command; the caller passes headers, body and URL already redacted. A header
 * whose value is `$CONFORMANCE_…` is double-quoted so the shell expands the variable.
 */
export function curlCommand(method: string, headers: Record<string, string>, body: string | undefined, url: string): string {
  return [
    'curl -sS',
    ...(method !== 'GET' ? [`-X ${method}`] : []),
    ...Object.entries(headers)
      .filter(([k]) => k !== 'accept')
      .map(([k, v]) => (VARIABLE_VALUE.test(v) && /^[a-z0-9-]+$/.test(k) ? `-H "${k}: ${v}"` : `-H ${shellQuote(`${k}: ${v}`)}`)),
    ...(body !== undefined ? [`--data ${shellQuote(body)}`] : []),
    shellQuote(url),
  ].join(' ');
}

export interface ExchangeFactoryOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  otherApiKey?: string | undefined;
  inactiveApiKey?: string | undefined;
  /** Every secret to redact (the keys above, an inactive key, the `-H` values…). */
  secrets?: readonly string[] | undefined;
  /** Headers of `-H 'name: value'`, sent with every request to the target's origin only. */
  headers?: Readonly<Record<string, string>> | undefined;
  validator?: ResponseValidator | undefined;
}

/** A request ready to send: its URL and headers (with the key), its body, and the exchange that records it. */
export interface Prepared {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  exchange: Exchange;
}

export class ExchangeFactory {
  readonly redact: (text: string) => string;
  private readonly baseUrl: string;
  /** Other base URLs of the same target (clock-pinned twins of the embedded server) a request may name. */
  private readonly bases = new Set<string>();

  constructor(private readonly options: ExchangeFactoryOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.redact = redactor([...(options.secrets ?? []), options.apiKey ?? '', options.otherApiKey ?? '', options.inactiveApiKey ?? '']);
  }

  /** A request's identity: as asked, else the primary key when one is configured. */
  authOf(req: RequestSpec): AuthChoice {
    return req.auth ?? (this.options.apiKey ? 'primary' : 'none');
  }

  /** The key an auth choice sends as `x-api-key` (none for `none`); a missing key is the check's error. */
  keyFor(auth: AuthChoice): string | undefined {
    if (auth === 'none') return undefined;
    if (auth === 'primary') {
      if (!this.options.apiKey) throw new Error('a check asked for the primary API key, but none is configured (declare requires: [apiKey])');
      return this.options.apiKey;
    }
    if (auth === 'other') {
      if (!this.options.otherApiKey) throw new Error('a check asked for the other API key, but none is configured (declare requires: [otherApiKey])');
      return this.options.otherApiKey;
    }
    if (auth === 'inactive') {
      if (!this.options.inactiveApiKey) throw new Error('a check asked for the inactive API key, but none is configured (check config.hasInactiveApiKey)');
      return this.options.inactiveApiKey;
    }
    return auth.key;
  }

  /** Whether a request header carries a credential: `x-api-key` or one given with `-H`. */
  isCredential(name: string): boolean {
    const lower = name.toLowerCase();
    return lower === 'x-api-key' || Object.keys(this.options.headers ?? {}).some((k) => k.toLowerCase() === lower);
  }

  /** Lets requests name `base` ({@link RequestSpec.base}): a server of the target itself, never a third party. */
  allowBase(base: string): void {
    this.bases.add(base.replace(/\/+$/, ''));
  }

  /** The full URL of a request. */
  urlFor(req: Pick<RequestSpec, 'path' | 'query' | 'base'>): string {
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    const base = req.base === undefined ? this.baseUrl : req.base.replace(/\/+$/, '');
    if (base !== this.baseUrl && !this.bases.has(base)) throw new Error(`a check named a base URL that is not the target's own (${this.redact(base)}); only the embedded target's twins are allowed`);
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) {
      if (v === undefined || v === null) continue;
      url.searchParams.append(k, String(v));
    }
    return url.toString();
  }

  /** Request number `seq` ready to send, and its exchange (redacted, with its curl line; no response yet). */
  prepare(req: RequestSpec, auth: AuthChoice, seq: number): Prepared {
    const key = this.keyFor(auth);
    const headers: Record<string, string> = { accept: 'application/json' };
    const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [k, v] of Object.entries(this.options.headers ?? {})) headers[k.toLowerCase()] = v;
    for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
    if (key !== undefined) headers['x-api-key'] = key;
    const url = this.urlFor(req.keyInQuery !== undefined && key !== undefined ? { ...req, query: { ...req.query, [req.keyInQuery]: key } } : req);

    const shownHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) shownHeaders[k] = this.isCredential(k) ? REDACTED : this.redact(v);
    const shownUrl = this.redact(url);
    const shownBody = body === undefined ? undefined : this.redact(body);
    const variable = typeof auth === 'string' && auth !== 'none' ? KEY_VARIABLE_OF[auth] : undefined;
    const curl = curlCommand(req.method, variable && key !== undefined ? { ...shownHeaders, 'x-api-key': `$${variable}` } : shownHeaders, shownBody, shownUrl);
    const pathOnly = req.path.split('?')[0] ?? req.path;
    const exchange: Exchange = {
      seq,
      startedAt: new Date().toISOString(),
      operation: this.options.validator?.matchOperation(req.method, pathOnly),
      request: { method: req.method, url: shownUrl, headers: shownHeaders, ...(shownBody !== undefined ? { body: shownBody } : {}) },
      durationMs: 0,
      curl,
    };
    return { url, headers, body, exchange };
  }

  /** An answer as the exchange records it: headers and body redacted, the body parsed as JSON. */
  read(res: FetchResponse, text: string): ExchangeResponse {
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[this.redact(name.toLowerCase())] = this.redact(value);
    });
    const bodyText = this.redact(text);
    let json: unknown;
    let isJson = false;
    if (bodyText.trim() !== '') {
      try {
        json = JSON.parse(bodyText);
        isJson = true;
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers, bodyText, json, isJson };
  }

  /** Gives an exchange its response, validated against the spec when its operation is known. */
  attach(exchange: Exchange, resp: ExchangeResponse): void {
    exchange.response = resp;
    const validator = this.options.validator;
    if (exchange.operation && validator) {
      exchange.schema = validator.validate(exchange.operation, resp.status, resp.headers['content-type'], resp.bodyText, resp.json, resp.isJson === true);
    }
  }

  /** Marks an exchange as failed in transport: `where` (method and shown URL) and the redacted message. */
  failure(exchange: Exchange, message: string): string {
    exchange.transportError = `${exchange.request.method} ${exchange.request.url}: ${this.redact(message)}`;
    return exchange.transportError;
  }
}
