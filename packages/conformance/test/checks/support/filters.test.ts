import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completeSamples, firstPerParam } from '../../../src/checks/support/filters.js';
import type { RecordJson } from '../../../src/contract/record.js';

/** The live service's published v3 record (specs/examples/published, MIG "v3" tab). */
const SAMPLE = JSON.parse(readFileSync(new URL('../../../../../specs/examples/published/requests-v3-record-example-1.json', import.meta.url), 'utf8')) as RecordJson;

describe('completeSamples', () => {
  const records = [SAMPLE, { ...SAMPLE, id: 'other-id', status: 'refund' }];

  it('draws each (param, value) once, from a record that completely matches it', () => {
    const samples = completeSamples(records);
    const keys = samples.map((s) => `${s.param}=${s.value}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('id=other-id');
    expect(samples.find((s) => s.param === 'status' && s.value === 'refund')?.record).toBe(records[1]);
    expect(firstPerParam(samples).every((s, i, all) => all.findIndex((t) => t.param === s.param) === i)).toBe(true);
  });

  it('is computed once per list of records and parameters: the same frozen list again', () => {
    const all = completeSamples(records);
    expect(completeSamples(records)).toBe(all);
    expect(Object.isFrozen(all)).toBe(true);
    const symbols = completeSamples(records, ['currencyInSymbol', 'currencyOutSymbol']);
    expect(symbols).not.toBe(all);
    expect(symbols.every((s) => s.param === 'currencyInSymbol' || s.param === 'currencyOutSymbol')).toBe(true);
    expect(completeSamples([...records])).not.toBe(all);
    expect(completeSamples([...records])).toEqual(all);
  });
});
