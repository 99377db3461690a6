/**
 * Runs a check like the engine does: a {@link ViolationError} thrown by the check becomes a `fail`
 * outcome; any other throw propagates (a bug in the kit).
 */
import { ViolationError } from '../../src/engine/expect.js';
import type { CheckContext, CheckDefinition, CheckResult } from '../../src/engine/types.js';

export async function settle(check: CheckDefinition, ctx: CheckContext): Promise<CheckResult> {
  try {
    return await check.run(ctx);
  } catch (err) {
    if (err instanceof ViolationError) return { status: 'fail', violation: err.violation };
    throw err;
  }
}
