/**
 * Totals of a status and its complement without a time window, and an empty `filters` group (API
 * document, GET /requests/v3 rule 5: `total` is the exact count of matching requests; rule 7:
 * `not:` negates, fields inside a group are AND-ed, groups OR-ed; an empty group is an AND of no
 * field). A server may count an equality filter without a window from a per-value index (a bitset
 * of the value), a different count than its windowed one; a walk of a frequent status is too long
 * to judge its total against. Here the total of `status=S` and of `filters=[{"not:status":"S"}]`
 * must add up to the whole, and `filters=[{}]` must count the whole (a 4xx is accepted: the
 * document does not say whether an empty group is valid).
 *
 * Moving data: requests are only added, and S is a status no request leaves (success or refund,
 * live-service facts §1.2), so the count of S only grows while the run reads. Read in the order
 * whole (before), S (A), not:S (B), S again (A'), the empty group, whole (after): A + B ≤ the
 * whole after (A counts no more of S than B's instant did), A' + B ≥ the whole before (A' counts no
 * less), and the empty group lies between the two wholes. A bound both ways, whatever moves.
 * Used by `requests-v3.unwindowed.totals`, whose status pages give A and both wholes.
 */
import { violate } from '../contract/expect.js';
import type { CheckContext } from '../contract/types.js';
import { TERMINAL_STATUSES } from '../events/probe.js';
import { sendV3, total, parsePage, type Page } from './support/listing.js';
import { statusLine } from '../contract/outcome.js';

/** A total read with its page. */
export interface Counted {
  total: number;
  page: Page;
}

/** What the complement relation reads beyond the status pages. */
export interface ComplementReads {
  status: string;
  /** total(status=S), read with the status pages (before the negation). */
  first: Counted;
  /** total(filters=[{"not:status":"S"}]). */
  negated: Counted;
  /** total(status=S) again, after the negation. */
  again: Counted;
  /** total(filters=[{}]), or why it is not judged (refused). */
  empty: Counted | { refused: string };
}

/**
 * The status of the relation: a status no request leaves (its count only grows), the one counting
 * most among `parts` (the status totals the check read), undefined when none counts any.
 */
export function complementStatus(parts: ReadonlyArray<{ label: string; count: number }>, prefix = 'status='): string | undefined {
  return parts
    .map((p) => ({ status: p.label.startsWith(prefix) ? p.label.slice(prefix.length) : p.label, count: p.count }))
    .filter((p) => TERMINAL_STATUSES.has(p.status) && p.count > 0)
    .sort((a, b) => b.count - a.count)[0]?.status;
}

/**
 * The relation's problems (each a sentence), none when it holds: `first + negated ≤ after`,
 * `again + negated ≥ before`, `before ≤ empty ≤ after` (when the empty group was counted).
 */
export function complementProblems(r: { first: number; negated: number; again: number; empty?: number; before: number; after: number }, status: string): string[] {
  const out: string[] = [];
  if (r.first + r.negated > r.after) out.push(`status=${status} (${r.first}) and not:status=${status} (${r.negated}) count ${r.first + r.negated} together, more than the whole read after them (${r.after})`);
  if (r.again + r.negated < r.before) out.push(`not:status=${status} (${r.negated}) and status=${status} read after it (${r.again}) count ${r.again + r.negated} together, fewer than the whole read before them (${r.before})`);
  if (r.empty !== undefined && (r.empty < r.before || r.empty > r.after)) out.push(`filters=[{}] counts ${r.empty}, outside the whole read before (${r.before}) and after (${r.after}) it`);
  return out;
}

/** Reads the negation, the status again and the empty group (3 requests), after the status pages. */
export async function readComplement(ctx: CheckContext, status: string, first: Counted): Promise<ComplementReads> {
  const negated = await total(ctx, { filters: JSON.stringify([{ [`not:status`]: status }]), limit: 1 });
  const again = await total(ctx, { status, limit: 1 });
  const e = await sendV3(ctx, { filters: JSON.stringify([{}]), includeTotal: true, limit: 1 });
  const code = e.response?.status ?? 0;
  let empty: ComplementReads['empty'];
  if (code >= 400 && code < 500) empty = { refused: statusLine(e) };
  else {
    const page = parsePage(e, 'the listing of filters=[{}] with includeTotal=true', ctx.discovery.cursorField);
    if (typeof page.total !== 'number') violate('includeTotal=true must add `total` (filters=[{}])', 'a numeric total', `total = ${String(page.total)}`, e);
    empty = { total: page.total as number, page };
  }
  return { status, first, negated, again, empty };
}

/** Judges the relation against the wholes read before and after; a note for the pass. */
export function judgeComplement(r: ComplementReads, before: Counted, after: Counted): string {
  const empty = 'refused' in r.empty ? undefined : r.empty.total;
  const problems = complementProblems({ first: r.first.total, negated: r.negated.total, again: r.again.total, empty, before: before.total, after: after.total }, r.status);
  if (problems.length > 0) {
    const onEmpty = problems.every((p) => p.startsWith('filters=[{}]'));
    violate(
      onEmpty
        ? 'filters=[{}] (one group with no field: an AND of nothing) must count every request: between the whole read before it and the whole read after it'
        : `Without a time window, status=${r.status} and filters=[{"not:status":"${r.status}"}] must count the whole together (total is the exact count; ${r.status} is a status requests do not leave and requests are only added, so the reads bound the sum both ways)`,
      `${before.total} ≤ the sums and filters=[{}] ≤ ${after.total}`,
      problems.join('; '),
      onEmpty && !('refused' in r.empty) ? r.empty.page.exchange : r.negated.page.exchange,
    );
  }
  return `status=${r.status} ${r.first.total} then ${r.again.total}, not:status=${r.status} ${r.negated.total}; filters=[{}] ${'refused' in r.empty ? `refused (${r.empty.refused})` : r.empty.total}`;
}
