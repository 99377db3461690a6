/**
 * Runs the client generator (clients.ts) through the proxy (with `errors`, so a violation would
 * reach the client as a 502) to a reference server, records the same traffic as HAR and audits it:
 * the verdicts of both, for the passive self-tests of conformant client traffic.
 */
import { readFileSync } from 'node:fs';
import { startMockServer } from '@crosschain/mock-server';
import { expect } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { readHar } from '../../src/passive/har.js';
import { VIOLATIONS_HEADER, startProxy } from '../../src/passive/proxy.js';
import type { RunResult } from '../../src/contract/types.js';
import { runClients } from './clients.js';
import { harRecorder } from './har-recorder.js';

/** Each failing or warning outcome, with its violation and request (for the assertion message). */
const flagged = (r: RunResult): string[] =>
  r.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn').map((o) => `${o.id}: ${o.violation?.message ?? ''}; ${o.violation?.expected ?? ''}; ${o.violation?.received ?? ''} (${o.violation?.request?.url ?? ''})`);

export async function watch(options: { variants?: string[]; moving: boolean; seed: number; light?: boolean }): Promise<{ proxy: RunResult; audit: RunResult; sent: number; headers: number; bad: number; log: string[] }> {
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

export function expectClean(r: Awaited<ReturnType<typeof watch>>): void {
  expect(flagged(r.proxy)).toEqual([]);
  expect(flagged(r.audit)).toEqual([]);
  expect(r.log).toEqual([]);
  expect(r.headers).toBe(0);
  expect(r.bad).toBe(0);
  expect(r.proxy.exitCode).toBe(0);
  expect(r.audit.exitCode).toBe(0);
}

/**
 * The checks a variant makes fail on purpose (test/fixtures/variant-map.json `failures`): the live
 * profile's variants that the document overrules (e.g. `moonpay-id`, divergence.partner-id-name).
 */
const VARIANT_FAILURES = (JSON.parse(readFileSync(new URL('../fixtures/variant-map.json', import.meta.url), 'utf8')) as { variants: Record<string, { failures?: string[] }> }).variants;

/**
 * Conformant client traffic under one variant: clean, or, for a variant the document overrules,
 * flagged by none but the checks the variant map lists for it (the server is wrong there, not the
 * clients; the traffic may not meet the difference, e.g. no unknown id asked).
 */
export function expectAsMapped(r: Awaited<ReturnType<typeof watch>>, variant: string): void {
  const failures = VARIANT_FAILURES[variant]?.failures ?? [];
  if (failures.length === 0) return expectClean(r);
  const ids = (x: RunResult) => [...new Set(x.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn').map((o) => o.id))].sort();
  expect(ids(r.proxy).every((id) => failures.includes(id)), flagged(r.proxy).join('\n')).toBe(true);
  expect(ids(r.audit).every((id) => failures.includes(id)), flagged(r.audit).join('\n')).toBe(true);
}
