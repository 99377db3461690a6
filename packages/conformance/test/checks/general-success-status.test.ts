/**
 * general.success-status (phase final) judges every answer of the four operations recorded in the
 * run; its own status read is sent only when no status read of the run succeeded yet, so that it
 * judges GET /intents/status alone too, without a round trip more at the end of a full run.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/general-success-status.js';
import type { CheckResult } from '../../src/contract/types.js';
import { fakeContext, json, route } from '../support/fake-context.js';

const check = checks.find((c) => c.id === 'general.success-status')!;
const ID = '0x' + 'ab'.repeat(32);

/** A target whose status reads answer `status`; `before` status reads (of other checks) are sent first. */
async function judge(status: number, before: Array<{ requestId: string }>): Promise<{ result: CheckResult; sentByCheck: number }> {
  const ctx = fakeContext({
    handler: route({ 'GET /intents/status': (req) => (String(req.query?.requestId) === '0x0' ? json(400, { message: 'bad id' }) : json(status, { status: 'success' })) }),
    discovery: { records: [{ id: ID }] },
  });
  for (const query of before) await ctx.http.send({ method: 'GET', path: '/intents/status', query });
  const sent = ctx.http.exchanges.length;
  const result = await check.run(ctx).catch((err: unknown) => {
    if (!(err as { violation?: unknown }).violation) throw err;
    return { status: 'fail', violation: (err as { violation: never }).violation } as CheckResult;
  });
  return { result, sentByCheck: ctx.http.exchanges.length - sent };
}

describe('general.success-status', () => {
  it('alone: reads a status itself, and fails a 201', async () => {
    const ok = await judge(200, []);
    expect(ok.sentByCheck).toBe(1);
    expect(ok.result.status).toBe('pass');
    const created = await judge(201, []);
    expect(created.sentByCheck).toBe(1);
    expect(created.result.status).toBe('fail');
  });

  it('after a successful status read of the run: judges it without a read of its own, and still fails a 201', async () => {
    const ok = await judge(200, [{ requestId: ID }]);
    expect(ok.sentByCheck).toBe(0);
    expect(ok.result.status).toBe('pass');
    const created = await judge(201, [{ requestId: ID }]);
    expect(created.sentByCheck).toBe(0);
    expect(created.result.status).toBe('fail');
  });

  it('after bad-input status reads only (4xx): still reads a status itself, so a 201 is seen', async () => {
    const created = await judge(201, [{ requestId: '0x0' }]);
    expect(created.sentByCheck).toBe(1);
    expect(created.result.status).toBe('fail');
  });
});
