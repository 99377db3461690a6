import { describe, expect, it } from 'vitest';
import { CHAINS, CURRENCIES, generateDataset } from '../../src/index.js';
import { FEATURES, REQUEST_TYPES, V3_STATUSES } from '../../src/data/catalogue.js';
import { validator } from '../helpers/contract.js';

const NOW = '2026-08-15T12:00:00Z';
const ds = generateDataset({ records: 3000, seed: 5, now: NOW });
const records = ds.rows.map((r) => ds.record(r));

describe('generateDataset', () => {
  it('is deterministic: same options, same data; another seed, other data', () => {
    const again = generateDataset({ records: 3000, seed: 5, now: NOW });
    expect(again.rows.map((r) => again.record(r))).toEqual(records);
    const other = generateDataset({ records: 3000, seed: 6, now: NOW });
    expect(other.rows[0].id).not.toBe(ds.rows[0].id);
  });
  it('produces records that validate against RequestV3', () => {
    const v = validator('RequestV3');
    for (const r of records) expect(v(r), JSON.stringify(v.errors)).toBe(true);
  });
  it('covers every status, request type and feature, and both integrators', () => {
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(V3_STATUSES));
    expect(new Set(records.map((r) => r.requestType))).toEqual(new Set(REQUEST_TYPES));
    expect(new Set(records.flatMap((r) => r.features as string[]))).toEqual(new Set(FEATURES));
    expect(new Set(ds.rows.map((r) => r.keyIdx))).toEqual(new Set([-1, 0, 1, 2, 3]));
  });
  it('keeps timestamps within six months before now, createdAt <= updatedAt <= now, with ties', () => {
    const now = Date.parse(NOW);
    for (const r of ds.rows) {
      expect(r.createdAt).toBeLessThanOrEqual(r.updatedAt);
      expect(r.updatedAt).toBeLessThanOrEqual(now);
      expect(r.createdAt).toBeGreaterThan(now - 200 * 86_400_000);
    }
    expect(new Set(ds.rows.map((r) => r.createdAt)).size).toBeLessThan(ds.rows.length);
    expect(new Set(ds.rows.map((r) => r.amountUsd)).size).toBeLessThan(ds.rows.length);
  });
  it('has superseded BVM deposit-address pairs pointing to existing requests', () => {
    const byId = new Map(records.map((r) => [r.id, r]));
    const superseded = records.filter((r) => r.supersededByRequestId);
    expect(superseded.length).toBeGreaterThan(0);
    for (const r of superseded) {
      const next = byId.get(r.supersededByRequestId as string) as any;
      expect(next).toBeDefined();
      expect((r as any).depositAddress).not.toBeNull();
      expect((r as any).data.route.actual.origin.inputCurrency.currency.chainId).toBe(8253038);
      expect(next.depositAddress.address).toBe((r as any).depositAddress.address);
    }
  });
  it('gives same-chain swaps no destination side and fail reasons only to failures and refunds', () => {
    for (const r of records as any[]) {
      if (['Same-chain Swap', 'Wrap', 'Unwrap'].includes(r.requestType)) expect(r.data.route.actual.destination).toBeUndefined();
      if (r.status === 'failure' || r.status === 'refund') expect(r.data.failReason).toMatch(/^[A-Z_0-9]+$/);
      else expect(r.data.failReason).toBeNull();
    }
  });
  it('has at least 8 chains and 100+ currencies, verified and not', () => {
    expect(new Set(CHAINS.map((c) => c.vmType)).size).toBeGreaterThanOrEqual(5);
    expect(CHAINS.length).toBeGreaterThanOrEqual(8);
    expect(CURRENCIES.length).toBeGreaterThan(100);
    expect(CURRENCIES.some((c) => !c.metadata.verified) && CURRENCIES.some((c) => c.metadata.isNative)).toBe(true);
    expect(CURRENCIES.some((c) => c.symbol === 'USDC.e')).toBe(true);
  });
  it('rejects bad options with a clear error', () => {
    expect(() => generateDataset({ records: 0 })).toThrow(/records must be an integer/);
    expect(() => generateDataset({ now: 'yesterday' })).toThrow(/now must be an ISO 8601 time/);
  });
});
