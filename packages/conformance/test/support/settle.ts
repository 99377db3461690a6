/**
 * Runs a check like the engine does: a {@link ViolationError} thrown by the check becomes a `fail`
 * outcome; any other throw propagates (a bug in the kit). Then, as in a run, every exchange the
 * check sent is judged by the oracles (run/active-oracles.ts): the verdict of the check's own
 * oracle on them is the check's verdict when the check itself passed.
 */
import { openapi } from '@crosschain/specs';
import { ActiveOracles } from '../../src/run/active-oracles.js';
import { ViolationError } from '../../src/contract/expect.js';
import type { CheckContext, CheckDefinition, CheckOutcome, CheckResult, Exchange } from '../../src/contract/types.js';
import { validatorFor, type OpenApiDocument } from '../../src/contract/validator.js';

const validator = validatorFor(openapi as OpenApiDocument);

export async function settle(check: CheckDefinition, ctx: CheckContext): Promise<CheckResult> {
  let result: CheckResult;
  try {
    result = await check.run(ctx);
  } catch (err) {
    if (err instanceof ViolationError) return { status: 'fail', violation: err.violation };
    throw err;
  }
  if (result.status !== 'pass') return result;
  const oracles = new ActiveOracles(validator, () => check.id);
  oracles.observe(ctx.http.exchanges);
  const passed: CheckOutcome = { id: check.id, family: check.family ?? '', title: check.title, operation: check.operation, clauses: check.clauses, level: 'MUST', seed: 0, replay: '', status: 'pass', durationMs: 0, requests: 0 };
  const [judged] = oracles.amend([passed], { strict: false, replayOf: () => '' });
  // A violation of a SHOULD clause shows as a warning in a run; the check's own result is a failure either way.
  const v = judged?.status === 'fail' || judged?.status === 'warn' ? judged.violation : undefined;
  if (v === undefined) return result;
  // The outcome shows the request; the failure holds the exchange it was read from.
  const same = (e: Exchange): boolean => e.request.url === v.request?.url && e.response?.status === v.response?.status;
  const shown = v.response?.body;
  const cut = shown?.endsWith('…') === true;
  const sameBody = (text: string): boolean => shown !== undefined && (cut ? text.startsWith(shown.slice(0, -1)) : text === shown);
  const exchange = ctx.http.exchanges.find((e) => same(e) && sameBody(e.response!.bodyText)) ?? ctx.http.exchanges.find(same) ?? ctx.http.exchanges.find((e) => e.request.url === v.request?.url);
  return { status: 'fail', violation: { message: v.message, expected: v.expected, received: v.received, ...(exchange ? { exchange } : {}) } };
}
