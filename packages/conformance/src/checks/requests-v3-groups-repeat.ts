/**
 * A group that is not the first of `filters` is still an AND of its fields (API document,
 * GET /requests/v3 rule 7: "Fields inside a group are AND-ed; groups are OR-ed."). A server can
 * evaluate the first group right and a later one wrong (a later group sharing working storage with
 * its fields' own: only its last field kept), and every single-group or single-field-group request
 * passes. The relation needs no data of its own: a group OR-ed with itself is the group, so
 * total([g, g]) = total([g]) for any group g; g is narrowed to an AND that differs from each of its
 * fields (the user of one discovered record and the recipient of another wallet's), so losing a
 * field shows in the total.
 */
import type { CheckContext } from '../contract/types.js';
import { ensureTotals, groupsTotal, show, type Group } from './support/groups.js';
import { candidates, type RecordJson } from '../contract/record.js';

const lower = (v: string | number): string => String(v).toLowerCase();

/** Two discovered records' wallets that differ (user of one, recipient of the other), or undefined. */
function crossedWallets(records: readonly RecordJson[]): Group | undefined {
  for (const a of records) {
    const users = candidates(a, 'user');
    if (users.length !== 1) continue;
    const user = users[0]!;
    const aWallets = new Set([...candidates(a, 'user'), ...candidates(a, 'recipient')].map(lower));
    for (const b of records) {
      const recipients = candidates(b, 'recipient');
      if (b === a || recipients.length !== 1) continue;
      const recipient = recipients[0]!;
      const bWallets = [...candidates(b, 'user'), ...candidates(b, 'recipient')].map(lower);
      if (bWallets.some((w) => aWallets.has(w))) continue;
      return { user, recipient };
    }
  }
  return undefined;
}

/**
 * Two requests: total([g]) and total([g, g]) in the discovery window must be equal; a note for the
 * check's result, empty when the records offer no two distinct wallets.
 */
export async function judgeRepeatedGroup(ctx: CheckContext, records: readonly RecordJson[]): Promise<string> {
  const g = crossedWallets(records);
  if (!g) return '';
  const once = await groupsTotal(ctx, [g]);
  const twice = await groupsTotal(ctx, [g, g]);
  ensureTotals(
    twice.total === once.total,
    `A group is an AND wherever it stands in filters: ${show([g, g])} (the group OR-ed with itself) must have the total of ${show([g])}`,
    `total = ${once.total}`,
    `total = ${twice.total}`,
    twice.page.exchange,
  );
  return `; ${show([g, g])} has the total of ${show([g])} (${once.total})`;
}
