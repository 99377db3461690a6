import { describe, expect, it } from 'vitest';
import { REPRODUCED, reproduce } from '../../src/engine/reproduce.js';
import type { CheckResult } from '../../src/contract/types.js';

const fail = (received: string, message = 'total must be exact'): CheckResult => ({ status: 'fail', violation: { message, expected: 'total = 60', received } });

describe('reproduce: a relation failure counts only when a second read gives it again', () => {
  it('the same violation twice is a fail whose message says reproduced 2/2', async () => {
    const out = await reproduce(fail('total = 61'), async () => fail('total = 61'));
    expect(out.status).toBe('fail');
    expect(out.status === 'fail' && out.violation.message).toBe(`total must be exact (${REPRODUCED})`);
    expect(REPRODUCED).toBe('reproduced 2/2');
  });

  it.each([
    ['the second read holds', { status: 'pass' } as CheckResult, /a second read held/],
    ['the second read fails with other values', fail('total = 75'), /failed differently \(received total = 75\)/],
    ['the second read fails another relation', fail('total = 61', 'other'), /failed differently/],
    ['the second read skips', { status: 'skip', reason: 'x' } as CheckResult, /ended skip/],
  ])('%s: skip, naming both reads, never fail', async (_, second, why) => {
    const out = await reproduce(fail('total = 61'), async () => second);
    expect(out.status).toBe('skip');
    const reason = out.status === 'skip' ? out.reason : '';
    expect(reason).toMatch(/^the relation could not be measured on stable data: the first read found "total must be exact" \(received total = 61\)/);
    expect(reason).toMatch(why);
  });

  it('a pass or a skip is not read again', async () => {
    let again = 0;
    const second = async (): Promise<CheckResult> => {
      again += 1;
      return { status: 'pass' };
    };
    expect(await reproduce({ status: 'pass' }, second)).toEqual({ status: 'pass' });
    expect(await reproduce({ status: 'skip', reason: 'r' }, second)).toEqual({ status: 'skip', reason: 'r' });
    expect(again).toBe(0);
  });

  it('a first read on shared answers that a fresh read does not confirm: the fresh result stands', async () => {
    expect(await reproduce(fail('total = 61'), async () => ({ status: 'pass', note: 'fresh' }), { firstShared: true })).toEqual({ status: 'pass', note: 'fresh' });
    const skipped = await reproduce(fail('total = 61'), async () => ({ status: 'skip', reason: 'no data' }), { firstShared: true });
    expect(skipped).toEqual({ status: 'skip', reason: 'no data' });
    const confirmed = await reproduce(fail('total = 61'), async () => fail('total = 61'), { firstShared: true });
    expect(confirmed.status === 'fail' && confirmed.violation.message).toBe(`total must be exact (${REPRODUCED})`);
    const other = await reproduce(fail('total = 61'), async () => fail('total = 75'), { firstShared: true });
    expect(other.status).toBe('skip');
  });
});
