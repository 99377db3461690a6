/**
 * Exact success codes (API document: "Response 200: …" under each of the four operations):
 * a success answered with 201, 202 or 204 is a failure, not a warning. Judged over every exchange of
 * the run (phase `final`), after one fresh status read of a listed request when no status read of the
 * run succeeded yet, so that the check judges GET /intents/status even when it runs alone.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition } from '../contract/types.js';
import { SUCCESS_200_OPERATIONS, successStatusProblem } from '../oracles/status-codes.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { recordId } from '../contract/record.js';
import { successStatus as successStatusOracle } from '../oracles/first-calls.js';
import { ruleOf } from '../oracles/rules.js';

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(successStatusOracle.id),
    phase: 'final',
    async run(ctx) {
      const id = ctx.discovery.records.map(recordId).find((x): x is string => x !== undefined) ?? ctx.discovery.values.ids[0];
      // The fresh read only when no status read got a success yet (the check run alone, or beside
      // bad-input probes only): otherwise the run's own successes are judged, and a read more would
      // be the last round trip of the run.
      const answered = ctx.exchangesFor('GET /intents/status').some((e) => e.response !== undefined && e.response.status >= 200 && e.response.status < 300);
      if (id !== undefined && !answered) await ctx.http.send({ method: 'GET', path: '/intents/status', query: { requestId: id } });
      let judged = 0;
      for (const op of SUCCESS_200_OPERATIONS) {
        for (const e of ctx.exchangesFor(op)) {
          const status = e.response?.status;
          if (status === undefined) continue;
          judged += 1;
          const problem = successStatusProblem(status);
          if (problem !== undefined) violate(`${op} must answer success with 200 (API document: "Response 200")`, '200', `${problem}: ${statusLine(e)}`, e);
        }
      }
      if (judged === 0) return skip('no answer of the four operations was recorded');
      return pass(`${judged} answers`);
    },
  },
]);
