/**
 * requests-v3.changed.status-listings-agree against a fake target whose one followed request moved
 * from pending to success during the run (an events session that moved it): a server whose status
 * listings agree with its unfiltered listing passes; one that dropped the next older success
 * request from status=success (the neighbour of the request that moved) fails; one whose status
 * listing names a request the unfiltered page does not fails; a neighbour that moved between the
 * reads is not judged; a run where nothing changed skips.
 */
import { describe, expect, it } from 'vitest';
import { checks, disagreement, spanFloor } from '../../src/checks/requests-v3-changed-status-listings.js';
import type { CheckContext, RequestSpec } from '../../src/contract/types.js';
import type { Page } from '../../src/checks/support/listing.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { settle } from '../support/settle.js';
import { movedSession } from '../support/moved-session.js';

const check = checkById(checks, 'requests-v3.changed.status-listings-agree');
const ID = '0xmoved';
const at = (min: number): string => new Date(Date.UTC(2026, 8, 1, 10, min)).toISOString();
const rec = (id: string, status: string, min: number, updated = min) => ({ id, status, createdAt: at(min), updatedAt: at(updated) });
const before = rec(ID, 'pending', 30);
const after = rec(ID, 'success', 30, 40);
/** The requests created at or before the moved one, newest first. */
const older = [after, rec('0xa', 'pending', 29), rec('0xb', 'success', 28), rec('0xc', 'refund', 27), rec('0xd', 'pending', 26), rec('0xe', 'success', 25)];

interface Options {
  /** Requests status listings leave out. */
  drop?: string[];
  /** Requests status listings add (not in the data). */
  extra?: ReturnType<typeof rec>[];
  /** A request that reads another status when asked by id (it moved after the unfiltered page). */
  movedLater?: string;
}

function target(options: Options = {}) {
  return route({
    'GET /requests/v3': (req: RequestSpec) => {
      const q = queryOf(req);
      if (q.id !== undefined) {
        const r = older.find((x) => x.id === q.id);
        if (r && r.id === options.movedLater) return json(200, { requests: [{ ...r, status: 'failure', updatedAt: at(50) }] });
        return json(200, { requests: r ? [r] : [] });
      }
      if (q.status !== undefined) {
        const listed = [...older.filter((r) => r.status === q.status && !options.drop?.includes(r.id)), ...(options.extra ?? []).filter((r) => r.status === q.status)];
        return json(200, { requests: listed });
      }
      return json(200, { requests: older });
    },
  });
}

function run(handler: ReturnType<typeof target>, moved = true) {
  const ctx: CheckContext = { ...fakeContext({ handler, discovery: { records: [before] } }), events: movedSession(moved ? { [ID]: 'pending' } : {}) };
  return settle(check, ctx);
}

const page = (records: ReturnType<typeof rec>[], continuation?: string): Page => ({ exchange: {} as Page['exchange'], records, ...(continuation ? { continuation } : {}) });

describe('requests-v3.changed.status-listings-agree', () => {
  it('passes a server whose status listings agree with its unfiltered listing, for the new and the old status', async () => {
    const result = await run(target());
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    expect(JSON.stringify(result)).toContain('status=success: 3 listed');
    expect(JSON.stringify(result)).toContain('status=pending: 2 listed');
  });
  it('fails a server whose status=success lost the next older success request of the one that moved', async () => {
    const result = await run(target({ drop: ['0xb'] }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/status=success must list every request whose status is success/);
    expect(JSON.stringify(result)).toContain('0xb');
  });
  it('fails a server whose old status listing lost a neighbour (pending)', async () => {
    const result = await run(target({ drop: ['0xa'] }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/status=pending must list/);
  });
  it('fails a status listing that names a request the unfiltered page of the same window does not', async () => {
    const result = await run(target({ extra: [rec('0xghost', 'success', 27)] }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/unfiltered listing must list every request status=success lists/);
  });
  it('does not judge a missing neighbour that reads another status by id afterwards (it moved between the reads)', async () => {
    const result = await run(target({ drop: ['0xb'], movedLater: '0xb' }));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    expect(JSON.stringify(result)).toContain('0xb moved between the reads');
  });
  it('skips when no request changed, without a listing', async () => {
    const result = await run(target(), false);
    expect(result).toMatchObject({ status: 'skip', cause: 'static-data' });
  });
});

describe('disagreement', () => {
  it('judges only the span both pages cover: below the oldest record of a full page nothing is compared', () => {
    const all = page([rec('0x1', 'success', 10), rec('0x2', 'pending', 9), rec('0x3', 'success', 8)], 'next');
    // status=success reaches further back (a full page too): 0x9 lies below the unfiltered page's span.
    const bySuccess = page([rec('0x1', 'success', 10), rec('0x9', 'success', 2)], 'next');
    expect(spanFloor(all)).toBe(Date.parse(at(8)));
    const { missing, unlisted } = disagreement(all, bySuccess, 'success');
    expect(missing.map((r) => r.id)).toEqual([]);
    expect(unlisted.map((r) => r.id)).toEqual([]);
  });
  it('a page that is not full reaches the start of the data', () => {
    const all = page([rec('0x1', 'success', 10), rec('0x3', 'success', 8)]);
    const bySuccess = page([rec('0x1', 'success', 10)]);
    expect(spanFloor(all)).toBe(-Infinity);
    expect(disagreement(all, bySuccess, 'success').missing.map((r) => r.id)).toEqual(['0x3']);
  });
});
