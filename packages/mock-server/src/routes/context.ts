/**
 * What every route module reads of the server it runs in (server.ts builds it once per app): the
 * store, the faults and variants, the clock, the base URL once listening, and the list-query
 * plumbing the variants change (limit cap, cursor codec).
 */
import type { Faults } from '../faults.js';
import type { CoreRequest } from '../http/request.js';
import type { Reply } from '../http/respond.js';
import type { Store } from '../store/store.js';
import type { Variants } from '../variants/catalogue.js';

export interface RouteContext {
  store: Store;
  faults: Faults;
  variants: Variants;
  /** Server clock, epoch ms. */
  now: () => number;
  /** `http://host:port` once listening ('' before). */
  baseUrl: () => string;
  /** The list query as parsed: limit capped (limit-capped), continuation decoded (cursor variants). */
  listQuery(url: URL, max: number): URLSearchParams;
  /** A continuation token as sent (cursor variants encode it). */
  outCursor(token: string | undefined): string | number | undefined;
}

/** One operation's handler: a request (its path already matched) to its reply. */
export type Route = (req: CoreRequest, url: URL) => Reply | Promise<Reply>;
