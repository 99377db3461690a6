/**
 * An empty group in `filters` is an AND of no fields: it matches every request (API document,
 * GET /requests/v3 rule 7: "Fields inside a group are AND-ed; groups are OR-ed."). A server may
 * refuse the empty group (the document shows none); one that answers 200 must count, for
 * `[{}, g]` in the discovery window, every request of the window, whatever g. Judged on the answer
 * the carry-over check already has, against the window's total (a shared read most checks take
 * first, so usually no request of its own).
 */
import { violate } from '../contract/expect.js';
import type { CheckContext } from '../contract/types.js';
import { sharedTotal, windowQuery, type Page } from './support/listing.js';

export async function judgeEmptyGroupIsAll(ctx: CheckContext, asked: string, answer: Page): Promise<string> {
  const all = await sharedTotal(ctx, windowQuery(ctx));
  if (answer.total !== all.total) {
    violate(
      `An empty filters group is an AND of no fields and matches every request: filters=${asked} in the discovery window must count the whole window`,
      `total ${String(all.total)} (the window without filters)`,
      `total ${String(answer.total)}`,
      answer.exchange,
    );
  }
  return `; the empty group counts the whole window (${String(all.total)})`;
}
