import type { AuthenticatedSettlementClient, CallOptions, OptionalKeySettlementClient, RequestsV3ClientQuery } from './client.js';
import { MissingApiKeyError, SettlementApiError, SettlementResponseError, truncate } from './errors.js';
import type { components } from './generated/api.js';

type RequestsV3Page = components['schemas']['RequestsV3Response'];
type RequestV3Record = components['schemas']['RequestV3'];

/** Why a page walk ended normally. */
export type PaginationEndReason =
  /** The last page had no `continuation` (or an empty one). */
  | 'no-cursor'
  /** `maxPages` pages were read; more may exist. */
  | 'max-pages';

export interface PaginationSummary {
  reason: PaginationEndReason;
  pages: number;
  records: number;
}

export interface PaginateOptions extends CallOptions {
  /** Stop after this many pages (a positive integer). Default: no limit. */
  maxPages?: number;
}

/**
 * Thrown when the server hands back a cursor it already gave earlier in the same walk: following
 * it would loop forever (API document, GET /requests/v3 rule 4; the live-service guidance is to
 * reject a repeated continuation).
 */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  readonly code = 'REPEATED_CURSOR';

  constructor(
    /** The repeated cursor. */
    readonly cursor: string,
    /** 1-based number of the page that returned it. */
    readonly page: number,
    /** 1-based number of the page whose request first used or returned it (0: the initial query). */
    readonly firstSeenAt: number,
  ) {
    super(
      `GET /requests/v3 page ${page} returned continuation ${JSON.stringify(truncate(cursor, 60))}, ` +
        `already seen ${firstSeenAt === 0 ? 'in the initial query' : `on page ${firstSeenAt}`}: stopping instead of looping`,
    );
  }
}

function checkMaxPages(maxPages: unknown): number {
  if (maxPages === undefined) return Number.POSITIVE_INFINITY;
  if (typeof maxPages !== 'number' || !Number.isInteger(maxPages) || maxPages < 1) {
    throw new TypeError(`maxPages must be a positive integer, got ${JSON.stringify(maxPages)}. Example: { maxPages: 10 }`);
  }
  return maxPages;
}

/**
 * Walks `GET /requests/v3` page by page, passing each page's `continuation` back as the query
 * parameter of the next call (API document, GET /requests/v3 rule 4; the response field is
 * `continuation` per the live-service facts). Other query parameters are kept on every call.
 *
 * Ends (returning a {@link PaginationSummary}) when a page has no cursor or `maxPages` is reached.
 * Throws {@link PaginationError} on a repeated cursor, {@link SettlementApiError} on a non-2xx
 * answer, and {@link MissingApiKeyError} when the client has no key.
 */
export async function* paginateRequestsV3(
  client: AuthenticatedSettlementClient | OptionalKeySettlementClient,
  query: RequestsV3ClientQuery = {},
  options: PaginateOptions = {},
): AsyncGenerator<RequestsV3Page, PaginationSummary, undefined> {
  if (typeof client !== 'object' || client === null || typeof client.requestsV3 !== 'function') {
    throw new TypeError('paginateRequestsV3 needs a client from createSettlementClient({ baseUrl, apiKey })');
  }
  if (client.authenticated !== true) throw new MissingApiKeyError('GET /requests/v3');
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw new TypeError(`query must be an object, got ${JSON.stringify(query)}`);
  }
  const maxPages = checkMaxPages(options.maxPages);
  const callOptions: CallOptions = options.signal ? { signal: options.signal } : {};

  /** Every cursor used so far, with the page number that produced it. */
  const seen = new Map<string, number>();
  let cursor = query.continuation;
  if (typeof cursor === 'string' && cursor !== '') seen.set(cursor, 0);

  let pages = 0;
  let records = 0;
  for (;;) {
    const pageQuery = cursor === undefined ? query : { ...query, continuation: cursor };
    const result = await client.requestsV3(pageQuery, callOptions);
    pages++;
    if (result.error !== undefined || !result.response.ok) {
      throw new SettlementApiError('GET /requests/v3', result.response.status, result.error);
    }
    const page = result.data;
    if (typeof page !== 'object' || page === null || !Array.isArray(page.requests)) {
      throw new SettlementResponseError('GET /requests/v3', result.response.status, `page ${pages} has no "requests" array`);
    }
    records += page.requests.length;
    yield page;

    const next: unknown = page.continuation;
    if (next === undefined || next === null || next === '') return { reason: 'no-cursor', pages, records };
    if (typeof next !== 'string') {
      throw new SettlementResponseError('GET /requests/v3', result.response.status, `page ${pages} has a non-string continuation`);
    }
    const firstSeenAt = seen.get(next);
    if (firstSeenAt !== undefined) throw new PaginationError(next, pages, firstSeenAt);
    if (pages >= maxPages) return { reason: 'max-pages', pages, records };
    seen.set(next, pages);
    cursor = next;
  }
}

/**
 * The records of {@link paginateRequestsV3}, one at a time, with the same stopping rules. Returns
 * the same summary when the walk ends.
 */
export async function* iterateRequestsV3(
  client: AuthenticatedSettlementClient | OptionalKeySettlementClient,
  query: RequestsV3ClientQuery = {},
  options: PaginateOptions = {},
): AsyncGenerator<RequestV3Record, PaginationSummary, undefined> {
  const pages = paginateRequestsV3(client, query, options);
  try {
    for (;;) {
      const step = await pages.next();
      if (step.done) return step.value;
      yield* step.value.requests;
    }
  } finally {
    // The consumer may stop early: close the page walk too.
    await pages.return(undefined as never);
  }
}
