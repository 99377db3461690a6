import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDataset, parseNdjson, startMockServer, type MockServer } from '../../src/index.js';
import { call } from '../helpers/contract.js';

const ds = generateDataset({ records: 40, seed: 9, now: '2026-08-15T12:00:00Z' });
const lines = ds.rows.map((r) => {
  const rec = ds.record(r);
  const auth = ds.authenticated(r);
  return JSON.stringify(auth.referrer === null ? rec : { ...rec, data: { ...(rec.data as object), ...auth } });
});
const dir = mkdtempSync(join(tmpdir(), 'mock-ndjson-'));
let s: MockServer | undefined;
afterAll(() => s?.close());

describe('--data NDJSON', () => {
  it('serves the loaded records with authenticated fields only for their owner', async () => {
    const file = join(dir, 'good.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    s = await startMockServer({ data: file, quiet: true });
    const r = await call(s.url, '/requests/v3?limit=50&includeTotal=true&includeAuthenticatedData=true', { key: 'demo-key' });
    expect(r.body.total).toBe(ds.rows.filter((x) => !x.privateChain).length);
    const owned = r.body.requests.filter((x: any) => 'referrer' in x.data);
    expect(owned.length).toBeGreaterThan(0);
    expect(owned.every((x: any) => x.data.referrer === 'demo.app')).toBe(true);
    const first = ds.rows.find((x) => !x.privateChain)!;
    expect(r.body.requests[0].id).toBe(first.id);
  });
  it('reports a bad line by number with the reason', () => {
    const bad = [...lines];
    bad[2] = JSON.stringify({ ...JSON.parse(lines[2]), status: 'teleported' });
    expect(() => parseNdjson(bad.join('\n'), 'x.ndjson')).toThrow(/x\.ndjson line 3: not a valid RequestV3 record: \/status/);
    expect(() => parseNdjson(`${lines[0]}\n{oops`, 'y.ndjson')).toThrow(/y\.ndjson line 2: invalid JSON/);
    expect(() => parseNdjson(`${lines[0]}\n${lines[0]}`, 'z.ndjson')).toThrow(/z\.ndjson line 2: duplicate id/);
  });
  it('throws from the API for a missing file', async () => {
    await expect(startMockServer({ data: join(dir, 'missing.ndjson') })).rejects.toThrow(/cannot read data file/);
  });
});
