/**
 * Unknown response fields, reported only under `--strict` (clause `general.no-unknown-fields`,
 * SHOULD; kit policy from live-service facts: servers add fields over time, so by default unknown
 * fields pass). Every 200 body of the four operations the kit still holds whole, a fresh 200 of
 * each, and the records sampled by discovery are compared with the properties their schema
 * declares (see support/unknown-fields.ts).
 */
import { LIMITS } from '@crosschain/specs';
import { openapi } from '@crosschain/specs';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, Exchange, RequestSpec } from '../contract/types.js';
import { violate } from '../contract/expect.js';
import { OPERATIONS } from './general.js';
import { retiredReason } from './requests-v2.js';
import { parsedBody, pass, skip } from '../contract/outcome.js';
import { unknownFieldPaths } from './support/unknown-fields.js';

const RECORD_SCHEMA = '#/components/schemas/RequestV3';
/** How many unknown paths the failure lists (the rest are counted). */
const MAX_LISTED = 20;

/** The parsed body of a 200 the kit still holds whole (compacted bodies are left out). */
function wholeJson(e: Exchange): unknown {
  const r = e.response;
  return r?.status === 200 && !r.truncated ? parsedBody(r) : undefined;
}

/** One fresh 200 per operation (v2 only before its sunset); the ids come from discovery. */
function freshRequests(ctx: CheckContext): RequestSpec[] {
  const window = { startTimestamp: ctx.discovery.window.start, endTimestamp: ctx.discovery.window.end };
  const out: RequestSpec[] = [{ method: 'POST', path: '/currencies/v2', body: { limit: LIMITS['POST /currencies/v2'].maximum } }];
  for (const id of ctx.discovery.values.ids.slice(0, 3)) out.push({ method: 'GET', path: '/intents/status', query: { requestId: id } });
  if (ctx.config.hasApiKey) {
    out.push({ method: 'GET', path: '/requests/v3', query: { ...window, limit: LIMITS['GET /requests/v3'].maximum, includeAuthenticatedData: true, includeTotal: true } });
  }
  if (!retiredReason(ctx)) {
    out.push({ method: 'GET', path: '/requests/v2', query: { ...window, limit: LIMITS['GET /requests/v2'].maximum, includeAuthenticatedData: true }, acceptRateLimit: true });
  }
  return out;
}

export const checks: CheckDefinition[] = withFamilies([
  {
    id: 'general.unknown-fields',
    title: 'Under --strict: 200 bodies of the four operations carry only the fields their schemas declare',
    clauses: ['general.no-unknown-fields'],
    operation: '*',
    exclusive: (config) => config.strict, // under --strict it reads every exchange of the four operations recorded so far
    async run(ctx) {
      if (!ctx.config.strict) return skip('reported only under --strict (servers add fields over time; unknown fields pass by default)', 'strict-only');
      for (const req of freshRequests(ctx)) await ctx.http.send(req);
      /** Unknown path -> how often and where first seen. */
      const found = new Map<string, { count: number; exchange?: Exchange }>();
      const note = (paths: string[], exchange?: Exchange) => {
        for (const p of paths) {
          const entry = found.get(p);
          if (entry) entry.count += 1;
          else found.set(p, { count: 1, exchange });
        }
      };
      let bodies = 0;
      const seen = new Set<string>();
      for (const op of OPERATIONS) {
        for (const e of ctx.exchangesFor(op)) {
          const body = wholeJson(e);
          const ref = e.schema?.schemaRef;
          if (body === undefined || ref === undefined) continue;
          bodies += 1;
          seen.add(op);
          note(unknownFieldPaths(openapi, { $ref: ref }, body, `${op} `), e);
        }
      }
      for (const record of ctx.discovery.records) {
        note(unknownFieldPaths(openapi, { $ref: RECORD_SCHEMA }, record, 'GET /requests/v3 /requests[]'));
      }
      if (bodies === 0 && ctx.discovery.records.length === 0) return skip('no 200 body of the four operations could be examined');
      if (found.size > 0) {
        const entries = [...found.entries()].sort(([a], [b]) => a.localeCompare(b));
        const listed = entries.slice(0, MAX_LISTED).map(([p, { count }]) => `${p} (×${count})`);
        if (entries.length > MAX_LISTED) listed.push(`… and ${entries.length - MAX_LISTED} more`);
        violate(
          `Responses carry ${entries.length} field${entries.length === 1 ? '' : 's'} the OpenAPI document does not declare`,
          'only the fields the response schemas declare (a server may add fields over time; --strict reports them)',
          listed.join('; '),
          entries.find(([, v]) => v.exchange !== undefined)?.[1].exchange,
        );
      }
      return pass(`${bodies} bodies (${[...seen].join(', ')}) and ${ctx.discovery.records.length} discovered records hold no undeclared field`);
    },
  },
]);
