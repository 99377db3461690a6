import { describe, expect, it } from 'vitest';
import { ORACLES } from '../../src/oracles/index.js';
import { amountOutside, blockOutside, blockSpan, createdOutside, notNested, partitionProblem, rangeSamples, shownBlocks, subsetCountProblem, withoutAppFees } from '../../src/oracles/ranges.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';

/** The passive verdict of oracle `id` on one v3 page of `records` asked with `query`. */
function auditPage(query: string, records: unknown[], id: string) {
  const a = new PassiveAuditor({ rules: ORACLES.filter((r) => !r.id.endsWith('.response.schema')) });
  const seen: ObservedExchange = {
    method: 'GET',
    url: `http://api.test/requests/v3?${query}`,
    requestHeaders: { 'x-api-key': 'k' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ requests: records }),
    durationMs: 1,
  };
  a.observe(seen);
  return a.result({ startedAt: new Date(), target: 'x', config: {}, replay: 'x' }).outcomes.find((o) => o.id === id);
}

const at = (iso: string, usd?: number) => ({ createdAt: iso, ...(usd !== undefined ? { data: { route: { actual: { origin: { inputCurrency: { amountUsd: String(usd) } } } } } } : {}) });

describe('range oracles', () => {
  it('timestamps are whole seconds, both bounds inclusive', () => {
    const start = Date.parse('2026-10-01T00:00:00Z') / 1000;
    expect(createdOutside(at('2026-10-01T00:00:00.000Z'), start, start)).toBe(false);
    expect(createdOutside(at('2026-10-01T00:00:00.999Z'), start, start)).toBe(false);
    expect(createdOutside(at('2026-10-01T00:00:01.000Z'), start, start)).toBe(true);
    expect(createdOutside(at('2026-09-30T23:59:59.999Z'), start, undefined)).toBe(true);
    expect(createdOutside({}, start, start)).toBe(false);
  });

  it('USD amounts: any plausible amount in range; none known is not judged', () => {
    expect(amountOutside(at('x', 50), 10, 100)).toBe(false);
    expect(amountOutside(at('x', 5), 10, 100)).toBe(true);
    expect(amountOutside(at('x', 500), undefined, 100)).toBe(true);
    expect(amountOutside(at('x'), 10, 100)).toBe(false);
  });
});

describe('partition and nesting predicates (totals at scale)', () => {
  const parts = [
    { label: 'a', count: 3 },
    { label: 'b', count: 4 },
  ];
  it('partitionProblem: equal parts add up; at-most parts never exceed the whole, nor does one part', () => {
    expect(partitionProblem(7, parts, 'equal')).toBeUndefined();
    expect(partitionProblem(8, parts, 'equal')).toBe('the parts add up to 7, the whole counts 8');
    expect(partitionProblem(9, parts, 'at-most')).toBeUndefined();
    expect(partitionProblem(6, parts, 'at-most')).toBe('the parts add up to 7, more than the 6 of the whole');
    expect(partitionProblem(3, parts, 'at-most')).toBe('b counts 4, more than the 3 of the whole');
  });
  it('subsetCountProblem and notNested', () => {
    expect(subsetCountProblem(3, parts)).toBeUndefined();
    expect(subsetCountProblem(4, parts)).toBe('4, more than the 3 of a');
    expect(notNested(['x', 'y'], ['y', 'z'])).toEqual(['x']);
  });
  it('rangeSamples reads blocks, app-fee USD amounts (and their sum), and nothing for the fill time', () => {
    const r = { data: { inTxs: [{ block: 10 }], outTxs: [{ block: 20 }, { block: 0 }], appFees: { actual: [{ amountUsd: '1.5' }, { amountUsd: '2' }] } } };
    expect(rangeSamples(r, 'block')).toEqual([10, 20]);
    expect(rangeSamples(r, 'appFeesUsd')).toEqual([1.5, 2, 3.5]);
    expect(rangeSamples(r, 'fillTime')).toEqual([]);
  });
});

describe('blockSpan', () => {
  const tx = (block: unknown) => ({ txHash: '0x1', block });
  it('spans the blocks of both sides', () => {
    expect(blockSpan({ data: { inTxs: [tx(20)], outTxs: [tx(5), tx(9)] } })).toEqual([5, 20]);
  });
  it('is undefined without transactions on both sides or with a block that is not a non-negative integer', () => {
    expect(blockSpan({ data: { inTxs: [tx(20)], outTxs: [] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(20)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx('20')], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(1.5)], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(-1)], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan(null)).toBeUndefined();
    expect(blockSpan({})).toBeUndefined();
  });
});

describe('block range (requests-v3.filter.ranges)', () => {
  const rec = (inBlocks: unknown[], outBlocks: unknown[], failed?: unknown) => ({
    id: 'r1',
    data: { inTxs: inBlocks.map((block) => ({ txHash: '0x1', block })), outTxs: outBlocks.map((block) => ({ txHash: '0x2', block })), ...(failed !== undefined ? { failedTxBlockNumber: failed } : {}) },
  });

  it('shownBlocks reads every transaction block and failedTxBlockNumber (numeric strings too)', () => {
    expect(shownBlocks(rec([10], [20, '30'], 5))).toEqual([10, 20, 30, 5]);
    expect(shownBlocks(rec([], [], null))).toEqual([]);
    expect(shownBlocks({ id: 'r2' })).toEqual([]);
  });

  it('a record whose blocks all lie above endBlock, or all below startBlock, is outside', () => {
    expect(blockOutside(rec([100], [200]), 1, 99)).toBe(true);
    expect(blockOutside(rec([100], [200]), 201, 300)).toBe(true);
    expect(blockOutside(rec([100], [200]), undefined, 99)).toBe(true);
    expect(blockOutside(rec([100], [200]), 201, undefined)).toBe(true);
  });

  it('a block at either bound (inclusive), or any shown block within, is enough: whatever entries the range reads', () => {
    expect(blockOutside(rec([100], [200]), 1, 100)).toBe(false);
    expect(blockOutside(rec([100], [200]), 200, 300)).toBe(false);
    expect(blockOutside(rec([100], [200]), 150, 160)).toBe(false); // a block on each side of the range: the span reading holds it
    expect(blockOutside(rec([300], [50]), 1, 99)).toBe(false); // the destination block is within
    expect(blockOutside(rec([300], [], 50), 1, 99)).toBe(false); // the failed transaction's block is within
  });

  it('is not judged without shown blocks, nor for a reversed range', () => {
    expect(blockOutside(rec([], []), 1, 99)).toBe(false);
    expect(blockOutside(rec([100], [200]), 99, 1)).toBe(false);
    expect(blockOutside(rec([100], [200]), undefined, undefined)).toBe(false);
  });

  const audit = (query: string, records: unknown[]) => auditPage(query, records, 'requests-v3.filter.ranges');

  it('the oracle: a record above endBlock (or below startBlock) fails; one within passes', () => {
    const above = audit('startBlock=1&endBlock=99&limit=50', [rec([50], [60]), rec([100], [200])]);
    expect(above?.status).toBe('fail');
    expect(above?.violation?.received).toMatch(/^id r1: blocks \[100,200\]/);
    expect(above?.violation?.expected).toMatch(/one >= 1 and one <= 99/);
    expect(audit('startBlock=201&limit=50', [rec([100], [200])])?.status).toBe('fail');
    expect(audit('startBlock=1&endBlock=100&limit=50', [rec([100], [200]), rec([], [])])?.status).toBe('pass');
    expect(audit('startBlock=150&endBlock=160&limit=50', [rec([100], [200])])?.status).toBe('pass');
    expect(audit('startBlock=99&endBlock=1&limit=50', [rec([100], [200])])?.status).toBe('pass');
  });
});

describe('app-fee range (requests-v3.filter.app-fees-range)', () => {
  const fees = (quoted: unknown[], actual: unknown[]) => ({ id: 'r1', data: { appFees: { quoted, actual, currency: {} } } });
  const item = { recipient: '0x1', bps: '10', amount: '1', amountFormatted: '0.000001' };

  it('withoutAppFees: only a record that shows both lists empty', () => {
    expect(withoutAppFees(fees([], []))).toBe(true);
    expect(withoutAppFees(fees([item], []))).toBe(false);
    expect(withoutAppFees(fees([], [{ ...item, amountUsd: '0.5' }]))).toBe(false);
    expect(withoutAppFees({ id: 'r2', data: {} })).toBe(false);
    expect(withoutAppFees({ id: 'r3', data: { appFees: { quoted: [] } } })).toBe(false);
  });

  const audit = (query: string, records: unknown[]) => auditPage(query, records, 'requests-v3.filter.range-nested');

  it('the oracle: a record without app fees returned for appFeesAmountUsdMin above 0 fails; a minimum of 0 or a record with a fee passes', () => {
    const failed = audit('appFeesAmountUsdMin=1.5&limit=50', [fees([item], []), fees([], [])]);
    expect(failed?.status).toBe('fail');
    expect(failed?.violation?.received).toMatch(/no app fee/);
    expect(audit('appFeesAmountUsdMin=1.5&limit=50', [fees([item], [])])?.status).toBe('pass');
    expect(audit('appFeesAmountUsdMin=0&limit=50', [fees([], [])])?.status).not.toBe('fail');
    expect(audit('appFeesAmountUsdMax=3&limit=50', [fees([], [])])?.status).not.toBe('fail');
  });
});
