import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v2-limits.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { checkById } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

const check = checkById(checks, 'requests-v2.limit.max');
const records = Array.from({ length: 80 }, (_, i) => ({ id: `0x${i}` }));

/** A v2 listing capping limit at 50; `ignored` limits give the default 20; `throttled` answers 429. */
function v2(options: { ignored?: number[]; throttled?: boolean } = {}) {
  return route({
    'GET /requests/v2': (req: RequestSpec) => {
      if (options.throttled) return json(429, { message: 'slow down' });
      const asked = Number(queryOf(req).limit ?? 20);
      const limit = options.ignored?.includes(asked) ? 20 : Math.min(asked, 50);
      return json(200, { requests: records.slice(0, limit), continuation: 'c' });
    },
  });
}

describe('requests-v2.limit.max', () => {
  it('passes a v2 that honours 1, 2, 49, 50 and caps 51', async () => {
    const result = await settle(check, fakeContext({ handler: v2() }));
    expect(result).toEqual({ status: 'pass', note: 'limit 1, 2, 49, 50, 51 honoured' });
  });
  it('fails a v2 that ignores limit=1', async () => {
    const result = await settle(check, fakeContext({ handler: v2({ ignored: [1] }) }));
    expect(result.status).toBe('fail');
    expect(result.status === 'fail' && result.violation.received).toBe('20 records');
  });
  it('skips, never fails, when every request is throttled', async () => {
    expect(await settle(check, fakeContext({ handler: v2({ throttled: true }) }))).toMatchObject({ status: 'skip', reason: expect.stringContaining('429') });
  });
  it('skips once v2 is retired by the target clock', async () => {
    const ctx = fakeContext({ handler: v2(), discovery: { targetNow: new Date('2026-12-01T00:00:00Z') } });
    expect(await settle(check, ctx)).toMatchObject({ status: 'skip' });
  });
});
