/**
 * Thrown when an operation that requires an API key is called without one (API document,
 * Authentication rule 3: on `GET /requests/v3` the `x-api-key` header is required). The request
 * is never sent.
 */
export class MissingApiKeyError extends Error {
  override readonly name = 'MissingApiKeyError';
  readonly code = 'MISSING_API_KEY';

  constructor(readonly operation: string) {
    super(
      `${operation} requires an API key (x-api-key), and this client has none. ` +
        `Create the client with createSettlementClient({ baseUrl, apiKey }).`,
    );
  }
}

/** Thrown by helpers that need a successful response (e.g. the paging helper) on a non-2xx answer. */
export class SettlementApiError extends Error {
  override readonly name = 'SettlementApiError';

  constructor(
    /** e.g. `GET /requests/v3`. */
    readonly operation: string,
    readonly status: number,
    /** The parsed error body (JSON when it parsed, else the text). */
    readonly body: unknown,
  ) {
    super(`${operation} answered ${status}${describeBody(body)}`);
  }
}

/** Thrown when a 2xx response body is not the JSON the contract promises. */
export class SettlementResponseError extends Error {
  override readonly name = 'SettlementResponseError';

  constructor(
    readonly operation: string,
    readonly status: number,
    reason: string,
  ) {
    super(`${operation} answered ${status} with an unusable body: ${reason}`);
  }
}

function describeBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return `: ${truncate(body.message)}`;
  }
  return `: ${truncate(typeof body === 'string' ? body : JSON.stringify(body))}`;
}

/** Shortens text shown in an error message to `max` characters plus an ellipsis. */
export function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
