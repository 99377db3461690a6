/**
 * A `not:` key is the complement of its key over the whole data set, not only inside a window
 * (API document, GET /requests/v3 rule 7: "A key prefixed `not:` is negated"; rule 5: `total` is
 * the exact count of matching requests). Without a window a server counts a negated key from its
 * own sets, where a fault at the set's edge (the oldest requests, or positions past the last
 * request) shows in the count while every windowed read agrees. requestType never changes on a
 * request, so total(requestType=T) + total(not:requestType=T) is the whole; requests that arrive
 * between the reads are bounded by reading the whole before and after (both ways).
 */
import { violate } from '../contract/expect.js';
import type { CheckContext } from '../contract/types.js';
import { fetchPage } from './support/listing.js';

export async function judgeNotComplementWithoutWindow(ctx: CheckContext, type: string): Promise<string> {
  const num = (t: unknown): number | undefined => (typeof t === 'number' && Number.isInteger(t) ? t : undefined);
  const filters = JSON.stringify([{ 'not:requestType': type }]);
  const whole = (what: string) => fetchPage(ctx, { includeTotal: true, limit: 1 }, what);
  const before = num((await whole('the whole listing without a window')).total);
  const pos = await fetchPage(ctx, { requestType: type, includeTotal: true, limit: 1 }, `requestType=${type} without a window`);
  const neg = await fetchPage(ctx, { filters, includeTotal: true, limit: 1 }, `filters=${filters} without a window`);
  const after = num((await whole('the whole listing without a window, again')).total);
  const [a, b] = [num(pos.total), num(neg.total)];
  if (before === undefined || after === undefined || a === undefined || b === undefined) return '; the complement without a window was not judged (a total is missing)';
  const sum = a + b;
  const [lo, hi] = [Math.min(before, after), Math.max(before, after)];
  if (sum < lo || sum > hi) {
    violate(
      `not:requestType must be the complement of requestType over the whole data set: total(requestType=${type}) + total(filters=${filters}) without a window is the whole listing's total`,
      lo === hi ? `${lo}` : `between ${lo} and ${hi} (the whole, read before and after)`,
      `${a} + ${b} = ${sum}`,
      neg.exchange,
    );
  }
  return `; without a window requestType=${type} and its not: add up to the whole (${sum})`;
}
