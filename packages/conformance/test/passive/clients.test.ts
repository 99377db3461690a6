/**
 * Conformant client traffic is never flagged (issue 18, point 2): the client generator
 * (clients.ts: infinite lists refetching every page, retries with back-off, status polling, two
 * tabs, restarted walks, pages of different sizes, several keys) goes through the proxy to the
 * reference server, still and while its data moves (statuses advance and requests arrive, by timer
 * and between steps), and under each of its allowed variations. Neither the proxy (with `errors`,
 * so a violation would reach the client as a 502) nor the audit of the same traffic recorded as
 * HAR reports anything.
 */
import { startMockServer, variantCatalogue } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/passive/auditor.js';
import { readHar } from '../../src/passive/har.js';
import { VIOLATIONS_HEADER, startProxy } from '../../src/passive/proxy.js';
import type { RunResult } from '../../src/engine/types.js';
import { runClients } from './clients.js';
import { harRecorder } from './har-recorder.js';

const flagged = (r: RunResult): string[] => r.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn').map((o) => `${o.id}: ${o.violation?.message ?? ""}; ${o.violation?.expected ?? ""}; ${o.violation?.received ?? ""} ${o.violation?.exchange?.request.url ?? ""}`);

async function watch(options: { variants?: string[]; moving: boolean; seed: number; light?: boolean }): Promise<{ proxy: RunResult; audit: RunResult; sent: number; headers: number; bad: number; log: string[] }> {
  const mock = await startMockServer({
    records: 300,
    seed: options.seed,
    now: '2026-10-01T00:00:00Z',
    quiet: true,
    ...(options.variants ? { variants: options.variants } : {}),
    ...(options.moving ? { advanceEveryMs: 3, arriveEveryMs: 5 } : {}),
  });
  const log: string[] = [];
  const proxy = await startProxy({ upstream: mock.url, errors: true, log: (l) => log.push(l) });
  const recorder = harRecorder();
  let turn = 0;
  let sent = 0;
  try {
    sent = await runClients({
      baseUrl: proxy.url,
      keys: [mock.apiKeys.demo, mock.apiKeys.other],
      seed: options.seed,
      fetch: recorder.fetch,
      ...(options.light ? { light: true } : {}),
      ...(options.moving ? { between: () => void (turn++ % 2 === 0 ? mock.advance() : mock.arrive(1)) } : {}),
    });
  } finally {
    await proxy.close();
    await mock.close();
  }
  const har = recorder.har();
  const headers = har.log.entries.filter((e) => e.response.headers.some((h) => h.name === VIOLATIONS_HEADER)).length;
  const bad = har.log.entries.filter((e) => e.response.status === 502).length;
  const meta = { startedAt: new Date(), target: mock.url, config: {}, replay: 'test' };
  const auditor = new PassiveAuditor();
  for (const e of readHar(JSON.stringify(har), 'clients.har')) auditor.observe(e);
  return { proxy: proxy.auditor.result(meta), audit: auditor.result(meta), sent, headers, bad, log };
}

function expectClean(r: Awaited<ReturnType<typeof watch>>): void {
  expect(flagged(r.proxy)).toEqual([]);
  expect(flagged(r.audit)).toEqual([]);
  expect(r.log).toEqual([]);
  expect(r.headers).toBe(0);
  expect(r.bad).toBe(0);
  expect(r.proxy.exitCode).toBe(0);
  expect(r.audit.exitCode).toBe(0);
}

describe('client libraries through the proxy: zero violations', () => {
  it('still data: every cross-page relation the model judges is exercised and holds', async () => {
    const r = await watch({ moving: false, seed: 11 });
    expectClean(r);
    expect(r.sent).toBeGreaterThan(300);
    const ran = (id: string) => r.proxy.outcomes.find((o) => o.id === id);
    for (const id of ['requests-v3.pagination.no-duplicates', 'requests-v3.pagination.terminates', 'requests-v3.sort.default', 'requests-v3.total.exact', 'intents-status.response.schema']) expect(ran(id)?.status, id).toBe('pass');
  }, 120_000);

  it('moving data: statuses advance and requests arrive by timer and between steps', async () => {
    expectClean(await watch({ moving: true, seed: 12 }));
  }, 120_000);

  it.each(variantCatalogue.map((v) => v.name))('variant %s, data moving', async (variant) => {
    expectClean(await watch({ variants: [variant], moving: true, seed: 13, light: true }));
  }, 120_000);
});
