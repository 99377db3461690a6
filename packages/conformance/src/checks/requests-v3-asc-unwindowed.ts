/**
 * An equality filter read in ascending createdAt order without a time window (rule 2:
 * `sortDirection` `asc`; every parameter optional), on one page that holds the whole result: a
 * server walking from the oldest request up can run past its newest match when nothing bounds the
 * walk (no window, no range), where every windowed read stops. One request: it must answer 200
 * with a page that, having no continuation, holds every record the same filter lists in the
 * discovery window (those were created in the past and a wallet never changes, so they are part of
 * the whole set whatever moved since).
 */
import { violate } from '../contract/expect.js';
import type { CheckContext } from '../contract/types.js';
import { LIMIT, ensureSound } from './support/filters.js';
import { walk } from './support/listing.js';
import { candidates, idsOf, sample, type EqualityParam, type RecordJson } from '../contract/record.js';

/** A discovered wallet (recipient) other than the newest discovered request's, and its records of the window. */
function walletOf(records: readonly RecordJson[]): { value: string; inWindow: RecordJson[] } | undefined {
  const newest = candidates(records[0] ?? {}, 'recipient').map((v) => String(v).toLowerCase());
  for (const r of records) {
    const [value] = candidates(r, 'recipient');
    if (typeof value !== 'string' || newest.includes(value.toLowerCase())) continue;
    return { value, inWindow: records.filter((x) => candidates(x, 'recipient').some((v) => String(v).toLowerCase() === value.toLowerCase())) };
  }
  return undefined;
}

export async function judgeAscWithoutWindow(ctx: CheckContext, records: readonly RecordJson[]): Promise<string> {
  const wallet = walletOf(records);
  if (!wallet) return '; no discovered wallet to read ascending without a window';
  const { value, inWindow } = wallet;
  const param: EqualityParam = 'recipient';
  const asc = await walk(ctx, { [param]: value, sortDirection: 'asc', limit: LIMIT }, { maxPages: 1, what: `${param}=${value}&sortDirection=asc without a window` });
  ensureSound(asc.records, asc.pages, [[param, value]]);
  if (!asc.complete) return `; ${param}=${value} ascending without a window: more than one page, not judged further`;
  const listed = new Set(idsOf(asc.records));
  const missing = idsOf(inWindow).filter((id) => id !== '?' && !listed.has(id));
  if (missing.length > 0) {
    violate(
      `${param}=${value}&sortDirection=asc without a window, one page with no continuation, must hold every record the filter lists in the discovery window`,
      `the ${inWindow.length} records of the window among the ${asc.records.length}`,
      `missing ${sample(missing)}`,
      asc.pages[0]!.exchange,
    );
  }
  return `; ${param}=${value} ascending without a window: ${asc.records.length} records in one page`;
}
