/**
 * The passive walk model (src/oracles/chains.ts and the cross-page oracles of rules.ts) over
 * hand-made sequences: what a conformant client may send is never flagged (the same page again, a
 * restarted walk, an older cursor, two walks interleaved, pages of different sizes, data that moved
 * between readings), and what only a faulty server does still is (a cursor an earlier page of the
 * same walk gave, a record twice over a window that could not change, a page out of order).
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import { ORACLES as PASSIVE_RULES } from '../../src/oracles/index.js';

const semantic = () => new PassiveAuditor({ rules: PASSIVE_RULES.filter((r) => !r.id.endsWith('.response.schema')) });
const BASE = 'http://api.test';
/** Records created on 2026-10-01 at second `s`; read on 2026-10-02 (the target's Date header). */
const rec = (id: string, s: number, extra: Record<string, unknown> = {}) => ({ id, status: 'success', createdAt: `2026-10-01T00:00:${String(s).padStart(2, '0')}Z`, updatedAt: `2026-10-01T00:01:${String(s).padStart(2, '0')}Z`, ...extra });
const CLOSED = `endTimestamp=${Date.parse('2026-10-01T12:00:00Z') / 1000}`;
function get(query: string, records: unknown[], cursor?: string, extra: Record<string, unknown> = {}, date = 'Fri, 02 Oct 2026 00:00:00 GMT', key = 'k'): ObservedExchange {
  return {
    method: 'GET',
    url: `${BASE}/requests/v3?${query}`,
    requestHeaders: { 'x-api-key': key },
    status: 200,
    responseHeaders: { 'content-type': 'application/json', date },
    bodyText: JSON.stringify({ requests: records, ...(cursor ? { continuation: cursor } : {}), ...extra }),
    durationMs: 1,
  };
}
const checks = (a: PassiveAuditor, o: ObservedExchange): string[] => a.observe(o).map((f) => f.check);

/** A clean 6-record data set, createdAt descending, in pages of 2: p1 (c1) p2 (c2) p3 (end). */
const P1 = [rec('f', 6), rec('e', 5)];
const P2 = [rec('d', 4), rec('c', 3)];
const P3 = [rec('b', 2), rec('a', 1)];

describe('what conformant clients send is never flagged', () => {
  it('the same continuation page fetched again (retry, refetch on focus), any number of times', () => {
    const a = semantic();
    expect(checks(a, get(CLOSED, P1, 'c1'))).toEqual([]);
    for (let i = 0; i < 3; i++) expect(checks(a, get(`${CLOSED}&continuation=c1`, P2, 'c2'))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&continuation=c2`, P3))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&continuation=c2`, P3))).toEqual([]);
  });

  it('a walk restarted from the first page, then continued from an older cursor', () => {
    const a = semantic();
    for (const o of [get(CLOSED, P1, 'c1'), get(`${CLOSED}&continuation=c1`, P2, 'c2'), get(CLOSED, P1, 'c1'), get(`${CLOSED}&continuation=c2`, P3), get(`${CLOSED}&continuation=c1`, P2, 'c2')]) {
      expect(checks(a, o)).toEqual([]);
    }
  });

  it('two tabs walking the same filter at once, interleaved, and another filter beside them', () => {
    const a = semantic();
    const other = `${CLOSED}&sortBy=amountUsd`;
    const steps = [get(CLOSED, P1, 'c1'), get(CLOSED, P1, 'c1'), get(other, [rec('x', 1, { amountUsd: 1 })], 'o1'), get(`${CLOSED}&continuation=c1`, P2, 'c2'), get(`${CLOSED}&continuation=c1`, P2, 'c2'), get(`${other}&continuation=o1`, [rec('y', 2, { amountUsd: 2 })]), get(`${CLOSED}&continuation=c2`, P3), get(`${CLOSED}&continuation=c2`, P3)];
    for (const o of steps) expect(checks(a, o)).toEqual([]);
  });

  it('a fresh cursor on every request (the cursor-fresh variation) and pages of different sizes for one filter', () => {
    const a = semantic();
    expect(checks(a, get(`limit=2&${CLOSED}`, P1, 'x1'))).toEqual([]);
    expect(checks(a, get(`limit=2&${CLOSED}`, P1, 'x2'))).toEqual([]);
    expect(checks(a, get(`limit=3&${CLOSED}&continuation=x1`, [...P2, rec('b', 2)], 'x3'))).toEqual([]);
    expect(checks(a, get(`limit=1&${CLOSED}&continuation=x2`, [rec('d', 4)], 'x4'))).toEqual([]);
    expect(checks(a, get(`limit=5&${CLOSED}&continuation=x4`, [rec('c', 3), ...P3]))).toEqual([]);
  });

  it('a record seen again on a later page when the window may have moved: requests arriving, a status-dependent filter, updatedAt order', () => {
    // An open window (no endTimestamp): a request arriving between the readings shifts a position-based walk.
    let a = semantic();
    expect(checks(a, get('limit=2', P1, 'c1'))).toEqual([]);
    expect(checks(a, get('limit=2&continuation=c1', [rec('e', 5), rec('d', 4)], 'c2'))).toEqual([]);
    // A window whose end lies after the reading is still open.
    a = semantic();
    const late = `endTimestamp=${Date.parse('2026-10-03T00:00:00Z') / 1000}`;
    expect(checks(a, get(late, P1, 'c1'))).toEqual([]);
    expect(checks(a, get(`${late}&continuation=c1`, [rec('e', 5), rec('d', 4)], 'c2'))).toEqual([]);
    // A status filter: records leave it as they settle.
    a = semantic();
    const pending = (id: string, s: number) => rec(id, s, { status: 'pending' });
    expect(checks(a, get(`${CLOSED}&status=pending`, [pending('f', 6), pending('e', 5)], 'c1'))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&status=pending&continuation=c1`, [pending('e', 5), pending('d', 4)], 'c2'))).toEqual([]);
    a = semantic();
    expect(checks(a, get(`${CLOSED}&filters=${encodeURIComponent(JSON.stringify([{ 'not:status': 'failure' }]))}`, P1, 'c1'))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&continuation=c1`, [rec('e', 5), rec('d', 4)], 'c2'))).toEqual([]);
    // updatedAt order: the record a cursor stood on moves to the front when its status advances.
    a = semantic();
    expect(checks(a, get(`${CLOSED}&sortBy=updatedAt`, [rec('f', 6), rec('e', 5)], 'c1'))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&sortBy=updatedAt&continuation=c1`, [rec('g', 9), rec('f', 6)], 'c2'))).toEqual([]);
  });

  it('the same cursor read again giving another page, or another total, when the window may have moved', () => {
    const a = semantic();
    a.observe(get('limit=2', P1, 'c1', { total: 6 }));
    a.observe(get('limit=2&continuation=c1', P2, 'c2'));
    expect(checks(a, get('limit=2&continuation=c1', [rec('e', 5), rec('d', 4)], 'c2'))).toEqual([]);
    a.observe(get('limit=2&includeTotal=true', P1, 'c1', { total: 6 }));
    expect(checks(a, get('limit=2&includeTotal=true&continuation=c1', P2, 'c2', { total: 7 }))).toEqual([]);
  });

  it('walks of two API keys whose cursors coincide (positional cursors) are kept apart', () => {
    const a = semantic();
    a.observe(get(CLOSED, P1, '2', {}, undefined, 'key-a'));
    expect(checks(a, get(`${CLOSED}&continuation=2`, [rec('f', 6), rec('x', 0)], '4', {}, undefined, 'key-b'))).toEqual([]);
  });

  it('total below the records of earlier pages when records may have left a status-dependent query', () => {
    const a = semantic();
    const pending = (id: string, s: number) => rec(id, s, { status: 'pending' });
    expect(checks(a, get(`${CLOSED}&status=pending&includeTotal=true`, [pending('f', 6), pending('e', 5)], 'c1', { total: 3 }))).toEqual([]);
    expect(checks(a, get(`${CLOSED}&status=pending&includeTotal=true&continuation=c1`, [pending('d', 4), pending('c', 3)], undefined, { total: 2 }))).toEqual([]);
  });
});

describe('what only a faulty server does is still flagged', () => {
  it('a page answered with a cursor that an earlier page of the same walk gave (the walk loops)', () => {
    const a = semantic();
    a.observe(get(CLOSED, P1, 'c1'));
    a.observe(get(`${CLOSED}&continuation=c1`, P2, 'c2'));
    expect(checks(a, get(`${CLOSED}&continuation=c2`, P3, 'c1'))).toContain('requests-v3.pagination.terminates');
    // its own cursor handed back (v3-repeated-cursor)
    expect(checks(semantic(), get(`${CLOSED}&continuation=c9`, P3, 'c9'))).toContain('requests-v3.pagination.terminates');
  });

  it('a record of an earlier page of the walk again, over a window that could not change; a record twice on one page', () => {
    const a = semantic();
    a.observe(get(CLOSED, P1, 'c1'));
    expect(checks(a, get(`${CLOSED}&continuation=c1`, [rec('e', 5), rec('d', 4)], 'c2'))).toContain('requests-v3.pagination.no-duplicates');
    expect(checks(semantic(), get('limit=3', [rec('e', 5), rec('e', 5)]))).toContain('requests-v3.pagination.no-duplicates');
  });

  it('the order broken at a page boundary on a key that never changes, even while the data moves', () => {
    const a = semantic();
    a.observe(get('limit=2', P1, 'c1'));
    expect(checks(a, get('limit=2&continuation=c1', [rec('g', 7), rec('d', 4)], 'c2'))).toContain('requests-v3.sort.default');
  });

  it('the same cursor read again over a window that could not move gives another page; the same query another total', () => {
    const a = semantic();
    a.observe(get(CLOSED, P1, 'c1'));
    a.observe(get(`${CLOSED}&continuation=c1`, P2, 'c2'));
    expect(checks(a, get(`${CLOSED}&continuation=c1`, [rec('c', 3), rec('b', 2)], 'c3'))).toContain('requests-v3.pagination.cursor-stable');
    const b = semantic();
    b.observe(get(`${CLOSED}&includeTotal=true`, P1, 'c1', { total: 6 }));
    expect(checks(b, get(`${CLOSED}&includeTotal=true&limit=5`, [...P1, ...P2, rec('b', 2)], undefined, { total: 7 }))).toContain('requests-v3.total.exact');
  });

  it('total below the records seen across a walk whose query no status change can leave', () => {
    const a = semantic();
    a.observe(get('includeTotal=true', P1, 'c1', { total: 3 }));
    expect(checks(a, get('includeTotal=true&continuation=c1', P2, undefined, { total: 3 }))).toContain('requests-v3.total.exact');
  });
});
