/**
 * The owner sees its own records' authenticated fields (API document, GET /requests/v3 rule 6:
 * `includeAuthenticatedData` "returns authenticated fields ... when the caller's key is tied to
 * those requests"; Resources: `data.referrer`, `data.platformFee`, `data.apiKeyName`). The kit's
 * owner check compares the two keys' views of one window: a server that withholds the fields from
 * one key's own requests passes it as long as the other key sees its own. Here each key lists the
 * requests created with it (the `apiKey` filter, the key sent in it as in `x-api-key`, shown
 * redacted) with includeAuthenticatedData=true: every one of them carries the authenticated fields
 * (as keys of `data`, null where the request has no value). A key the `apiKey` filter refuses, or
 * that created no request, is not judged.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { AuthChoice, CheckDefinition, CheckSpec } from '../contract/types.js';
import { AUTHENTICATED_FIELDS } from '../oracles/authenticated-fields.js';
import { V3, parsePage } from './support/listing.js';
import { idsOf } from '../contract/record.js';
import { isObject, pass, skip, statusLine } from '../contract/outcome.js';
import { recordId, type RecordJson } from '../contract/record.js';

const PAGE = 5;
const KEYS: ReadonlyArray<{ auth: AuthChoice; label: string }> = [
  { auth: 'primary', label: 'the first key' },
  { auth: 'other', label: 'the other key' },
];

/** The authenticated fields a record's `data` holds as keys (any value, null included). */
function heldFields(r: RecordJson): string[] {
  const data = r.data;
  return isObject(data) ? AUTHENTICATED_FIELDS.filter((f) => f in data) : [];
}

const ownerSeesOwn: CheckSpec = {
  id: 'requests-v3.auth.owner-sees-own',
  title: "Each key's own requests (apiKey=<that key>) carry data.referrer, data.platformFee and data.apiKeyName for it under includeAuthenticatedData=true",
  clauses: ['requests-v3.auth.authenticated-data-owner'],
  operation: V3,
  requires: ['apiKey', 'otherApiKey'],
  async run(ctx) {
    const notes: string[] = [];
    for (const { auth, label } of KEYS) {
      const e = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { includeAuthenticatedData: true, limit: PAGE }, keyInQuery: 'apiKey', auth });
      const status = e.response?.status ?? 0;
      if (status >= 400 && status < 500) {
        notes.push(`${label}: the apiKey filter was refused (${statusLine(e)})`);
        continue;
      }
      const page = parsePage(e, `the requests of ${label} (apiKey=<that key>)`, ctx.discovery.cursorField);
      if (page.records.length === 0) {
        notes.push(`${label}: no request created with it`);
        continue;
      }
      const bare = page.records.find((r) => heldFields(r).length === 0);
      if (bare) {
        violate(
          `includeAuthenticatedData=true must return the authenticated fields of the requests tied to the caller's key: request ${recordId(bare) ?? '?'}, listed by apiKey=<${label}> to that same key, carries none`,
          `${AUTHENTICATED_FIELDS.map((f) => `data.${f}`).join(', ')} on each of the ${page.records.length} requests (null where the request has no value)`,
          `request ${recordId(bare) ?? '?'} without any of them (${page.records.filter((r) => heldFields(r).length === 0).length} of ${page.records.length} like it: ${idsOf(page.records.filter((r) => heldFields(r).length === 0)).slice(0, 3).join(', ')})`,
          e,
        );
      }
      notes.push(`${label}: ${page.records.length} own requests with their authenticated fields`);
    }
    if (notes.every((n) => !n.includes('own requests with'))) return skip(notes.join('; '));
    return pass(notes.join('; '));
  },
};

/** The checks of the owner's own records, in run order. */
export const checks: CheckDefinition[] = withFamilies([ownerSeesOwn]);
