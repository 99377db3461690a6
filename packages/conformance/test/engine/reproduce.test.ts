import { describe, expect, it } from 'vitest';
import { REPRODUCED, REPRODUCED_THIRD, reproduce } from '../../src/engine/reproduce.js';
import type { CheckResult } from '../../src/contract/types.js';

const fail = (received: string, message = 'total must be exact'): CheckResult => ({ status: 'fail', violation: { message, expected: 'total = 60', received } });
const pass = (note?: string): CheckResult => (note ? { status: 'pass', note } : { status: 'pass' });

/** `again` answering each of `reads` in turn, counting its calls. */
function reads(...results: CheckResult[]) {
  const calls = { n: 0 };
  return {
    calls,
    again: async (): Promise<CheckResult> => {
      const r = results[calls.n];
      calls.n += 1;
      if (!r) throw new Error(`read ${calls.n + 1} was not expected`);
      return r;
    },
  };
}

describe('reproduce: a relation failure counts only when another read gives it again', () => {
  it('the same violation twice is a fail whose message says reproduced 2/2, read twice only', async () => {
    const r = reads(fail('total = 61'));
    const out = await reproduce(fail('total = 61'), r.again);
    expect(out.status).toBe('fail');
    expect(out.status === 'fail' && out.violation.message).toBe(`total must be exact (${REPRODUCED})`);
    expect(REPRODUCED).toBe('reproduced 2/2');
    expect(r.calls.n).toBe(1);
  });

  it('reads that disagree are read a third time: a hold after a hold passes, the disturbed first read named', async () => {
    const r = reads(pass(), pass('3 groups'));
    const out = await reproduce(fail('total = 61'), r.again);
    expect(r.calls.n).toBe(2);
    expect(out.status).toBe('pass');
    const note = out.status === 'pass' ? out.note : '';
    expect(note).toMatch(/^3 groups; held on a second and a third read; the first read found "total must be exact" \(received total = 61\), which neither gave again/);
  });

  it.each([
    ['the third gives the first read’s violation (after a hold)', pass(), fail('total = 61')],
    ['the third gives the first read’s violation (after another failure)', fail('total = 75'), fail('total = 61')],
    ['the third gives the second read’s violation', fail('total = 75'), fail('total = 75')],
  ])('%s: a fail, reproduced 2/3', async (_, second, third) => {
    const out = await reproduce(fail('total = 61'), reads(second, third).again);
    expect(out.status).toBe('fail');
    expect(out.status === 'fail' && out.violation.message).toBe(`total must be exact (${REPRODUCED_THIRD})`);
    expect(out.status === 'fail' && out.violation.received).toBe(third.status === 'fail' ? third.violation.received : '');
  });

  it.each([
    ['held, then failed with other values', pass(), fail('total = 80'), /a second read held, a third failed differently \(received total = 80\)/],
    ['failed with other values, then held', fail('total = 75'), pass(), /a second read failed differently \(received total = 75\), a third held/],
    ['three different values', fail('total = 75'), fail('total = 80'), /failed differently \(received total = 75\), a third failed differently \(received total = 80\)/],
    ['another relation, then held', fail('total = 61', 'other'), pass(), /a second read failed differently/],
    ['skipped, then held', { status: 'skip', reason: 'x' } as CheckResult, pass(), /a second read ended skip \(x\), a third held/],
    ['held, then skipped', pass(), { status: 'skip', reason: 'y' } as CheckResult, /a second read held, a third ended skip \(y\)/],
  ])('no two reads agree (%s): skip with cause unstable, naming the three reads, never fail', async (_, second, third, why) => {
    const out = await reproduce(fail('total = 61'), reads(second, third).again);
    expect(out).toMatchObject({ status: 'skip', cause: 'unstable' });
    const reason = out.status === 'skip' ? out.reason : '';
    expect(reason).toMatch(/^the relation could not be measured on stable data: the first read found "total must be exact" \(received total = 61\)/);
    expect(reason).toMatch(why);
    expect(reason).toMatch(/no two reads agreed/);
  });

  it('a pass or a skip is not read again', async () => {
    const r = reads(pass());
    expect(await reproduce({ status: 'pass' }, r.again)).toEqual({ status: 'pass' });
    expect(await reproduce({ status: 'skip', reason: 'r' }, r.again)).toEqual({ status: 'skip', reason: 'r' });
    expect(r.calls.n).toBe(0);
  });

  it('a first read on shared answers that a fresh read does not confirm: the fresh result stands', async () => {
    expect(await reproduce(fail('total = 61'), reads(pass('fresh')).again, { firstShared: true })).toEqual({ status: 'pass', note: 'fresh' });
    const skipped = await reproduce(fail('total = 61'), reads({ status: 'skip', reason: 'no data' }).again, { firstShared: true });
    expect(skipped).toEqual({ status: 'skip', reason: 'no data' });
    const confirmed = await reproduce(fail('total = 61'), reads(fail('total = 61')).again, { firstShared: true });
    expect(confirmed.status === 'fail' && confirmed.violation.message).toBe(`total must be exact (${REPRODUCED})`);
    // Two fresh reads that disagree with each other are read a third time, as any.
    const other = await reproduce(fail('total = 61'), reads(fail('total = 75'), fail('total = 90')).again, { firstShared: true });
    expect(other).toMatchObject({ status: 'skip', cause: 'unstable' });
  });
});
