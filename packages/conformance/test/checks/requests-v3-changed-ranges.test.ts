/**
 * requests-v3.changed.ranges-and-term against a fake target whose one followed request changed
 * during the run (an events session that moved it): a server that files it under its current
 * values passes; one that lists it under two disjoint ranges, or misses its new fill hash as term,
 * fails; a run where nothing changed skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-changed-ranges.js';
import type { CheckContext, RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { settle } from '../support/settle.js';
import { movedSession } from '../support/moved-session.js';

const check = checkById(checks, 'requests-v3.changed.ranges-and-term');
const ID = '0xchanged';
const HASH = '0xfillhash';
const CREATED = '2026-09-01T10:00:00Z';
const before = { id: ID, status: 'pending', createdAt: CREATED, updatedAt: '2026-09-01T10:00:05Z', data: { outTxs: [] } };
const after = { id: ID, status: 'success', createdAt: CREATED, updatedAt: '2026-09-01T10:01:00Z', data: { outTxs: [{ txHash: HASH }] } };

function target(options: { bothRanges?: boolean; termMisses?: boolean } = {}) {
  return route({
    'GET /requests/v3': (req: RequestSpec) => {
      const q = queryOf(req);
      if (q.term !== undefined) return json(200, { requests: q.term === HASH && !options.termMisses ? [after] : [] });
      // Its fill time is 55 s and it has no app fee: in fillTimeMax=60 only, in appFeesAmountUsdMax=0.5 only.
      const inRange = options.bothRanges || q.fillTimeMax !== undefined || q.appFeesAmountUsdMax !== undefined;
      if (q.fillTimeMin !== undefined || q.fillTimeMax !== undefined || q.appFeesAmountUsdMin !== undefined || q.appFeesAmountUsdMax !== undefined) return json(200, { requests: inRange ? [after] : [] });
      return json(200, { requests: q.id === ID ? [after] : [] });
    },
  });
}

function run(handler: ReturnType<typeof target>, moved = true) {
  const ctx: CheckContext = { ...fakeContext({ handler, discovery: { records: [before] } }), events: movedSession(moved ? { [ID]: 'pending' } : {}) };
  return settle(check, ctx);
}

describe('requests-v3.changed.ranges-and-term', () => {
  it('passes a server that files the changed request under its current values', async () => {
    const result = await run(target());
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    expect(JSON.stringify(result)).toContain('term=<its new fillTxHash> finds it');
  });
  it('fails a changed request listed under two disjoint ranges', async () => {
    const result = await run(target({ bothRanges: true }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/cannot lie both at most 60 and at least 61/);
  });
  it('fails when the fill hash it gained does not find it as term', async () => {
    const result = await run(target({ termMisses: true }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/transaction hash request 0xchanged gained during the run must find it/);
  });
  it('skips when no request changed', async () => {
    expect((await run(target(), false)).status).toBe('skip');
  });
});
