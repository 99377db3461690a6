/**
 * A filter of two requests created one after the other, under the other sorts (API document, GET
 * /requests/v3: `sortBy` `updatedAt`, and rule 7: "A field's value may be an array (OR within the
 * field)"). A server that answers a filter with few matches under another sort from its own path
 * (sorting the matches' ranks rather than walking the order) may step over a match that comes right
 * after another in createdAt order; the kit's other filters draw values that few requests created
 * next to each other share. Here the first two requests of discovery (the newest of its window,
 * created one after the other) are asked by id, sorted by updatedAt: the listing ends on its first
 * page and must hold both (ids never change, requests are never removed). One request.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { V3, holds, parsePage, sendV3 } from './support/listing.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { idsOf, recordId, sample } from '../contract/record.js';

const PAGE = 50;

const adjacentIds: CheckSpec = {
  id: 'requests-v3.filter.other-sorts-adjacent',
  title: 'Sorted by updatedAt, filters=[{"id":[A,B]}] of two requests created one after the other lists both',
  clauses: ['requests-v3.filter.completeness'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const ids = [...new Set(ctx.discovery.records.map(recordId).filter((id): id is string => id !== undefined))].slice(0, 2);
    if (ids.length < 2) return skip('discovery holds fewer than two requests with an id');
    const filters = JSON.stringify([{ id: ids }]);
    const label = `sortBy=updatedAt&filters=${filters}`;
    const e = await sendV3(ctx, { sortBy: 'updatedAt', filters, limit: PAGE, includeTotal: true });
    const code = e.response?.status ?? 0;
    // A target that does not take `id` inside filters groups refuses it: nothing to judge here.
    if (code >= 400 && code < 500) return skip(`${label} was refused (${statusLine(e)})`);
    const page = parsePage(e, `the listing of ${label}`, ctx.discovery.cursorField);
    const missing = ids.filter((id) => !holds(page.records, id));
    if (page.continuation === undefined && missing.length > 0) {
      violate(
        `${label}: a listing that ends on its first page must hold every request that matches (a filters array ORs its values; ids never change and requests are never removed), under every sort`,
        `both ${ids.join(' and ')} (discovered one after the other in createdAt order)`,
        `${page.records.length} request(s) (${sample(idsOf(page.records))}), total ${String(page.total)}, no continuation: ${missing.join(', ')} missing`,
        page.exchange,
      );
    }
    return pass(`${label}: ${page.records.length} listed, total ${String(page.total)}`);
  },
};

/** The check of a filter over adjacent requests under another sort, in run order. */
export const checks: CheckDefinition[] = withFamilies([adjacentIds]);
