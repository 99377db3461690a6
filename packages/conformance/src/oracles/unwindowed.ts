/**
 * Relations of the listing as a client's first calls see it (no time window, default and
 * each sort, with and without includeTotal, each filter alone; API document, GET /requests/v3
 * rules 1-5). Pure predicates shared by the active `requests-v3.unwindowed.*` checks and the
 * passive rule of oracles/first-calls.ts. Each holds on live data too: requests are only ever
 * added (newest first on the default sort), so the predicates compare reads in an order that
 * arrivals cannot break, and callers re-read where a status may move between reads.
 */

/**
 * A first page that lists no request and hands back no cursor while its own `total` counts some:
 * the walk ends having listed none of them (rules 4 and 5). The problem, or undefined.
 */
export function emptyPageBesideTotal(records: number, hasCursor: boolean, total: unknown): string | undefined {
  if (records > 0 || hasCursor) return undefined;
  if (typeof total !== 'number' || !Number.isFinite(total) || total <= 0) return undefined;
  return `an empty page with no continuation, while total = ${total}`;
}

/**
 * A walk of one query whose pages all came back empty while handing back a continuation, set
 * against the total the query counts (rules 4 and 5): a walk that ends, or that went one page past
 * what the total needs, having listed nothing, while the total counts requests. The problem, or
 * undefined (also when the walk listed anything, or stopped early for another reason).
 */
export function emptyWalkBesideTotal(records: number, pages: number, complete: boolean, total: number, pageSize: number): string | undefined {
  if (records > 0 || !Number.isFinite(total) || total <= 0) return undefined;
  if (complete) return `${pages} page(s), all empty, to the end of the walk (the last without a continuation), while total = ${total}`;
  const needed = Math.ceil(total / pageSize);
  if (pages > needed) return `${pages} pages in a row, each empty and each handing back a continuation, while total = ${total} (${needed} page(s) of ${pageSize} hold them)`;
  return undefined;
}

/**
 * The records of a walk at a small page size set against one larger page of the same query, read
 * after the walk (rule 4; clause requests-v3.pagination.no-gaps). On the default sort newer
 * requests arrive before the walk's first record, so the larger page may begin with records the
 * walk never saw; from the walk's first record on, the two must agree record for record. The
 * problem, or undefined (also when the walk's first record is not in the larger page: nothing to
 * compare).
 */
export function walkAgainstLargerPage(walked: readonly string[], larger: readonly string[]): string | undefined {
  if (walked.length === 0) return undefined;
  const from = larger.indexOf(walked[0]!);
  if (from < 0) return undefined;
  const tail = larger.slice(from);
  const n = Math.min(tail.length, walked.length);
  for (let i = 0; i < n; i++) {
    if (tail[i] !== walked[i]) {
      const missing = tail[i]!;
      const inWalk = walked.includes(missing);
      return `record ${i + 1} from the walk's first: the larger page has ${missing}, the walk ${walked[i]}${inWalk ? '' : ` (${missing} is missing from the walk)`}`;
    }
  }
  return undefined;
}

/** Distinct records a walk listed against the `total` read after it (requests are never removed): the problem, or undefined. */
export function seenAboveTotal(seen: number, totalAfter: number): string | undefined {
  return seen > totalAfter ? `${seen} distinct requests listed, but total = ${totalAfter} read after the walk` : undefined;
}

/**
 * An ascending walk's first record set against the count of requests created before it (a total
 * with endTimestamp one second before that record): on an ascending sort nothing comes before the
 * first record, and requests created in the past never appear later. The problem, or undefined.
 */
export function earlierThanFirst(countBefore: number, firstId: string): string | undefined {
  return countBefore > 0 ? `${countBefore} request(s) created before ${firstId}, the first record of the ascending listing` : undefined;
}
