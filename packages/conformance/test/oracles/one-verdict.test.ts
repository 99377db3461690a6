/**
 * The two false verdicts of issue 24, each now one predicate giving one verdict on both sides:
 *
 * - `requests-v3.filter.ranges` with sortBy=updatedAt: the timestamps bound `updatedAt` there (the
 *   server's and the specs' rule, clause requests-v3.filter.ranges), so a record created before the
 *   window and updated inside it belongs to it. The passive rule compared `createdAt` always and
 *   failed the clean reference server through the proxy.
 * - `requests-v3.total.only-when-requested` on `{"requests":[],"total":null}` without includeTotal:
 *   the active check passed it, the passive rule failed it. Rule 5 of GET /requests/v3: "when
 *   omitted or false, `total` is not computed": a null carries no count, so both sides pass it (its
 *   type is the response schema's business); a number without includeTotal fails on both.
 */
import { startMockServer } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { checks as totalChecks } from '../../src/checks/requests-v3-total.js';
import { ORACLES } from '../../src/oracles/index.js';
import { timeOutside } from '../../src/oracles/ranges.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { observedOf, type ObservedExchange } from '../../src/oracles/observed.js';
import { startProxy } from '../../src/passive/proxy.js';
import { ViolationError } from '../../src/contract/expect.js';
import { fakeContext, json, route } from '../support/fake-context.js';

const semantic = () => new PassiveAuditor({ rules: ORACLES.filter((r) => !r.id.endsWith('.response.schema')) });
const verdict = (a: PassiveAuditor, id: string) => a.result({ startedAt: new Date(), target: 'x', config: {}, replay: 'x' }).outcomes.find((o) => o.id === id)?.status;

describe('ranges with sortBy=updatedAt bound updatedAt', () => {
  const start = Date.parse('2026-10-01T00:00:00Z') / 1000;
  const end = start + 3600;
  const r = { id: 'a', createdAt: new Date((start - 100) * 1000).toISOString(), updatedAt: new Date((start + 60) * 1000).toISOString() };

  it('one predicate: the field follows sortBy', () => {
    expect(timeOutside(r, start, end, 'createdAt')).toBe(true);
    expect(timeOutside(r, start, end, 'updatedAt')).toBe(false);
  });

  const page = (query: string): ObservedExchange => ({
    method: 'GET',
    url: `http://api.test/requests/v3?startTimestamp=${start}&endTimestamp=${end}&${query}`,
    requestHeaders: { 'x-api-key': 'k' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ requests: [r] }),
    durationMs: 1,
  });

  it('the passive oracle: created before the window, updated inside it, passes with sortBy=updatedAt and fails without', () => {
    const updated = semantic();
    updated.observe(page('sortBy=updatedAt&sortDirection=asc&limit=50'));
    expect(verdict(updated, 'requests-v3.filter.ranges')).toBe('pass');
    const created = semantic();
    created.observe(page('limit=50'));
    expect(verdict(created, 'requests-v3.filter.ranges')).toBe('fail');
  });

  it('the issue\'s reproduction: the reference server (3000 records, seed 7, 2026-11-10) through the proxy', async () => {
    const mock = await startMockServer({ port: 0, records: 3000, seed: 7, now: '2026-11-10T00:00:00Z', quiet: true });
    const proxy = await startProxy({ upstream: mock.url });
    try {
      const res = await fetch(`${proxy.url}/requests/v3?startTimestamp=1791673201&endTimestamp=1794265201&sortBy=updatedAt&sortDirection=asc&limit=50`, { headers: { 'x-api-key': mock.apiKeys.demo } });
      const body = (await res.json()) as { requests: Array<{ createdAt: string; updatedAt: string }> };
      // The page does hold a record created before the window (the case the old rule failed).
      expect(body.requests.some((x) => Date.parse(x.createdAt) < 1791673201 * 1000)).toBe(true);
      expect(res.headers.get('x-conformance-violations')).toBeNull();
      const outcome = proxy.auditor.result({ startedAt: new Date(), target: mock.url, config: {}, replay: 'x' }).outcomes.find((o) => o.id === 'requests-v3.filter.ranges');
      expect(outcome?.status).toBe('pass');
    } finally {
      await proxy.close();
      await mock.close();
    }
  }, 60_000);
});

describe('total without includeTotal: one verdict on both sides', () => {
  const check = totalChecks.find((c) => c.id === 'requests-v3.total.only-when-requested')!;

  async function both(body: unknown): Promise<{ active: string; passive: string | undefined }> {
    const ctx = fakeContext({ handler: route({ 'GET /requests/v3': () => json(200, body) }) });
    const result = await check.run(ctx).catch((err: unknown) => {
      if (err instanceof ViolationError) return { status: 'fail' as const };
      throw err;
    });
    const a = semantic();
    for (const e of ctx.http.exchanges) a.observe(observedOf(e));
    return { active: result.status, passive: verdict(a, check.id) };
  }

  it('{"requests":[],"total":null}: passes on both sides (a null is no count: not computed)', async () => {
    expect(await both({ requests: [], total: null })).toEqual({ active: 'pass', passive: 'pass' });
  });

  it('{"requests":[],"total":0}: fails on both sides', async () => {
    expect(await both({ requests: [], total: 0 })).toEqual({ active: 'fail', passive: 'fail' });
  });

  it('no total key: passes on both sides', async () => {
    expect(await both({ requests: [] })).toEqual({ active: 'pass', passive: 'pass' });
  });
});
