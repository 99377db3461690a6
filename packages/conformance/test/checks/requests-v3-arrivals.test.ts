/**
 * requests-v3.arrivals.listed against the embedded reference server: it makes 40 requests arrive
 * and reads them back. The clean server passes; one whose cached records stay put when requests
 * arrive (fault v3-arrivals-stale-cache) fails; one whose `arrive` throws fails with the error; a
 * target at a URL, which takes its own requests, is skipped; and `audit` of the run's recording
 * re-judges the check on the ids the run's server gave (no server in the re-run). The newest
 * arrival, moved one step (`ctx.advance`), leads the listing of its new status: a server that files
 * it nowhere (fault v3-newest-move-unlisted) fails; a move the target made on its own meanwhile is
 * not judged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { checks, ARRIVALS } from '../../src/checks/requests-v3-arrivals.js';
import type { CheckContext, RequestSpec, RunOptions, RunResult } from '../../src/contract/types.js';
import { apiOperations, apiValidator } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';
import { auditAndRejudge } from '../../src/rejudge/audit.js';
import { fakeContext, json, queryOf } from '../support/fake-context.js';
import { makeRecords } from '../support/fake-requests-v3.js';

const ID = 'requests-v3.arrivals.listed';
const BASE: Partial<RunOptions> = { mockNow: '2026-10-15T12:00:00Z', mockRecords: 600, seed: 5, numRuns: 2, only: [ID] };
const outcome = (r: RunResult) => r.outcomes.find((o) => o.id === ID)!;
const dir = mkdtempSync(join(tmpdir(), 'arrivals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('requests-v3.arrivals.listed', () => {
  it('passes the clean embedded server, the new requests found, counted and first on the newest page', async () => {
    const r = await runConformance(BASE);
    expect(outcome(r)).toMatchObject({ status: 'pass' });
    expect(outcome(r).reason).toMatch(new RegExp(`of ${ARRIVALS} new requests listed \\(found by id, first on the newest page\\), total \\d+ -> \\d+; \\[\\{"apiKey":null\\}\\] \\d+ -> \\d+, \\[\\{"not:apiKey":null\\}\\] \\d+ -> \\d+; the oldest request is still found`));
    expect(outcome(r).reason).toMatch(/the newest arrival, moved into pending, leads status=pending/);
    expect(r.exitCode).toBe(0);
  }, 120_000);

  it('fails a server that files the newest request, moved into a status it is newer than every request of, under no status', async () => {
    const r = await runConformance({ ...BASE, mockFaults: ['v3-newest-move-unlisted'] });
    expect(outcome(r).status).toBe('fail');
    expect(outcome(r).violation?.message).toMatch(/the newest request of the data set, moved into pending, is newer than every request in pending, so it leads status=pending/);
  }, 120_000);

  it('fails a server whose cached records stay in place when requests arrive', async () => {
    const r = await runConformance({ ...BASE, mockFaults: ['v3-arrivals-stale-cache'] });
    expect(outcome(r).status).toBe('fail');
    expect(outcome(r).violation?.message).toMatch(/asked by their ids, are listed and counted alike|are the newest|counted once/);
    expect(r.exitCode).toBe(1);
  }, 120_000);

  /**
   * A fake embedded target for the check alone: `nullSide(arrived)` counts the apiKey null-check,
   * `keyless` is what its authenticated read lists; with `move`, the target also moves requests
   * (`ctx.advance`): `status=pending` is led by the newest arrival when `leads`, else by an older
   * request, and a read by id shows the arrival in `readBack`.
   */
  async function judgeKeys(nullSide: (arrived: boolean) => number, keyless: unknown[] = [], loneLost = false, move?: { leads: boolean; readBack: string }) {
    const [oldest, ...rest] = makeRecords(6).reverse();
    const fresh = makeRecords(8).slice(6).map((r, i) => ({ ...r, id: `0x${'f'.repeat(63)}${i}`, createdAt: '2027-01-01T00:00:00.000Z' }));
    let arrived = false;
    const listing = () => (arrived ? [...fresh, ...[...rest].reverse(), oldest!] : [...[...rest].reverse(), oldest!]);
    const handler = (req: RequestSpec) => {
      const q = queryOf(req);
      const all = listing();
      const page = (records: unknown[], total = records.length) => json(200, { requests: records.slice(0, Number(q.limit ?? 50)), total });
      if (q.filters === '[{"apiKey":null}]') return page(q.includeAuthenticatedData === 'true' ? keyless : [], nullSide(arrived));
      if (q.filters === '[{"not:apiKey":null}]') return page([], all.length - nullSide(arrived));
      if (q.filters?.startsWith('[{"id":')) return page(fresh);
      if (move && q.status === 'pending') return page(move.leads ? [{ ...fresh[fresh.length - 1]!, status: 'pending' }] : [oldest!]);
      if (move && q.id === fresh[fresh.length - 1]!.id) return page([{ ...fresh[fresh.length - 1]!, status: move.readBack }]);
      if (q.sortDirection === 'asc' || q.recipient !== undefined || q.id !== undefined) return page([oldest!], 1);
      return page(all);
    };
    let lost = 0;
    // A server that throws away a request arriving on its own (loneLost): `arrive(1)` answers an id no listing holds.
    const arrive = (n: number) => ((arrived = true), Promise.resolve(loneLost && n === 1 ? [`0xlost${lost++}`] : fresh.map((r) => r.id as string)));
    const advance = () => Promise.resolve('pending');
    const ctx: CheckContext = { ...fakeContext({ handler }), arrive, ...(move ? { advance } : {}) };
    const check = checks.find((c) => c.id === ID)!;
    return check.run(ctx).then(
      (r) => ({ result: r }),
      (e: unknown) => e as { violation?: { message: string; expected: string; received: string } },
    );
  }

  it('fails a server that throws away a request arriving on its own (the batch listed, none of the lone ones)', async () => {
    const err = await judgeKeys(() => 3, [], true);
    expect(JSON.stringify(err)).toMatch(/Requests that arrive one at a time are listed as a batch's are/);
    expect((err as { violation?: { expected: string } }).violation?.expected).toMatch(/0xlost0/);
  });

  it('the newest arrival, moved into pending, must lead status=pending; a move the target made on its own meanwhile is not judged', async () => {
    const led = await judgeKeys(() => 3, [], false, { leads: true, readBack: 'pending' });
    expect(JSON.stringify(led)).toMatch(/the newest arrival, moved into pending, leads status=pending/);
    const lost = await judgeKeys(() => 3, [], false, { leads: false, readBack: 'pending' });
    expect(JSON.stringify(lost)).toMatch(/A request that moves is listed by its new status/);
    const movedOn = await judgeKeys(() => 3, [], false, { leads: false, readBack: 'submitted' });
    expect(movedOn).toMatchObject({ result: { status: 'pass' } });
    expect(JSON.stringify(movedOn)).toMatch(/moved into pending and on \(submitted\) before it was read: not judged/);
  });

  it('passes keyless requests that stay keyless and carry no authenticated fields', async () => {
    expect(await judgeKeys(() => 3, [makeRecords(1)[0]])).toMatchObject({ result: { status: 'pass' } });
  });

  it('fails a request listed as keyless that shows its owner the authenticated fields (a keyed request filed as keyless)', async () => {
    const owned = { ...makeRecords(1)[0]!, id: '0xowned' };
    (owned as { data: Record<string, unknown> }).data = { ...(owned as { data: Record<string, unknown> }).data, apiKeyName: 'demo' };
    const err = await judgeKeys(() => 3, [owned]);
    expect(JSON.stringify(err)).toMatch(/has no API key, so no caller's key is tied to it/);
    expect((err as { violation?: { received: string } }).violation?.received).toBe('request 0xowned with data.apiKeyName');
  });

  it("fails a server whose apiKey null-check loses requests as others arrive (a key never changes), on the side that lost them", async () => {
    expect(JSON.stringify(await judgeKeys((arrived) => (arrived ? 2 : 3)))).toMatch(/a null-check of apiKey, must count no fewer requests after others arrived/);
  });

  it("fails a server whose apiKey null-check loses requests as others arrive, naming the side (full message)", async () => {
    const [oldest, ...rest] = makeRecords(6).reverse();
    const fresh = makeRecords(8).slice(6).map((r, i) => ({ ...r, id: `0x${'f'.repeat(63)}${i}`, createdAt: '2027-01-01T00:00:00.000Z' }));
    let arrived = false;
    const listing = () => (arrived ? [...fresh, ...rest.reverse(), oldest!] : [...rest.reverse(), oldest!]);
    const handler = (req: RequestSpec) => {
      const q = queryOf(req);
      const all = listing();
      const page = (records: unknown[], total = records.length) => json(200, { requests: records.slice(0, Number(q.limit ?? 50)), total });
      if (q.filters === '[{"apiKey":null}]') return page([], arrived ? 2 : 3);
      if (q.filters === '[{"not:apiKey":null}]') return page([], all.length - (arrived ? 2 : 3));
      if (q.filters?.startsWith('[{"id":')) return page(fresh);
      if (q.sortDirection === 'asc' || q.recipient !== undefined || q.id !== undefined) return page([oldest!], 1);
      return page(all);
    };
    const ctx: CheckContext = { ...fakeContext({ handler }), arrive: () => ((arrived = true), Promise.resolve(fresh.map((r) => r.id as string))) };
    const check = checks.find((c) => c.id === ID)!;
    const err = await check.run(ctx).then(
      (r) => ({ pass: r }),
      (e: unknown) => e as { violation?: { message: string; expected: string; received: string } },
    );
    expect(JSON.stringify(err)).toMatch(/filters=\[\{\\"apiKey\\":null\}\], a null-check of apiKey, must count no fewer requests after others arrived/);
    expect((err as { violation?: { received: string } }).violation?.received).toBe('total 2');
  });

  it('fails when the embedded server cannot take new requests, with its error', async () => {
    const ctx: CheckContext = {
      ...fakeContext({ handler: () => json(200, { requests: [], total: 0 }) }),
      arrive: () => Promise.reject(new TypeError('change.positions is not iterable')),
    };
    const check = checks.find((c) => c.id === ID)!;
    const err = await check.run(ctx).then(
      () => undefined,
      (e: unknown) => e as { violation?: { message: string; received: string } },
    );
    expect(err?.violation?.message).toMatch(/must take new requests/);
    expect(err?.violation?.received).toBe('TypeError: change.positions is not iterable');
  });

  it('is skipped against a target at a URL (it takes its own requests), never passed or failed', async () => {
    const server = await startMockServer({ records: 300, seed: 5, now: '2026-10-15T12:00:00Z', quiet: true });
    try {
      const r = await runConformance({ baseUrl: server.url, apiKey: server.apiKeys?.demo ?? 'demo-key', seed: 5, only: [ID] });
      expect(outcome(r).status).toBe('skip');
      expect(outcome(r).reason).toMatch(/only at the embedded reference server/);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('audit of the recording re-judges it on the ids the run got: the same verdict, clean and faulty', async () => {
    for (const [name, faults, status] of [['clean', [], 'pass'], ['stale', ['v3-arrivals-stale-cache'], 'fail'], ['newest-unlisted', ['v3-newest-move-unlisted'], 'fail']] as const) {
      const file = join(dir, `${name}.har.gz`);
      const run = await runConformance({ ...BASE, mockFaults: [...faults], record: file });
      expect(outcome(run).status).toBe(status);
      const validator = apiValidator();
      const recordings = await readRecordings([file], dir, apiOperations(validator));
      const audited = await auditAndRejudge(recordings, { startedAt: new Date(), files: [file], strict: false, validator });
      expect(audited.result.outcomes.find((o) => o.id === ID)?.status, name).toBe(status);
      expect(audited.notes[0]!.rejudged?.notInRecording, name).toEqual([]);
    }
  }, 240_000);
});
