/**
 * The kit against the reference server in process: as a WHATWG fetch handler
 * (`runConformance({ handler })`, no port) and through MSW (the global fetch intercepted), with the
 * same verdicts as over HTTP: a clean run passes check for check as the embedded HTTP run does, and
 * every fault visible over HTTP fails its mapped checks. The events family needs the websocket and
 * the webhook receiver, which a fetch handler does not have: its checks skip with that reason, and
 * its faults (mapped to `events.*` checks, or to checks that read the session, `readsEvents`) stay
 * with the HTTP self-test (faults.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createMockHandler, faultCatalogue } from '@crosschain/mock-server';
import { mswHandlers } from '@crosschain/mock-server/msw';
import { Hono } from 'hono';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { CheckOutcome, RunOptions } from '../../src/index.js';

interface FaultEntry {
  checks: string[];
  options?: Partial<RunOptions>;
}
const map = (JSON.parse(readFileSync(new URL('../fixtures/fault-map.json', import.meta.url), 'utf8')) as { faults: Record<string, FaultEntry> }).faults;
const family = new Map(allChecks.map((c) => [c.id, c.family]));
/** Checks that judge what the events session drove (`readsEvents`): like the events family, they need the socket a handler lacks. */
const readsEvents = new Set(allChecks.filter((c) => c.readsEvents === true).map((c) => c.id));
/**
 * Faults the kit can prove only against its embedded server: a key given no authenticated
 * field at all, a currency lookup that always answers [], and a v2 that refuses every request with
 * 429. Whether a key owns any request, whether the curated list holds any currency, and whether a
 * key's v2 quota was spent before the run are known of the reference server the kit starts, not of a
 * handler or a URL, so there the check is inconclusive (exit 5), never a pass.
 */
const EMBEDDED_ONLY = new Set(['v3-authenticated-withheld', 'currencies-lookup-empty', 'v2-always-throttled']);
/**
 * Checks that only the embedded server can be asked: one changes its data on purpose (requests made
 * to arrive), one asks twins of it whose clocks the kit sets (the monthly v2 limit), one walks its
 * whole data set (a request per 50 requests held, affordable only where the kit knows the set is small). A handler, like
 * a URL, takes its own requests and runs on its own date, so they skip there, saying so; their
 * faults stay with the HTTP self-test.
 */
const EMBEDDED_CHECKS = new Set(['requests-v3.arrivals.listed', 'requests-v2.rate-limit.stepped-down', 'requests-v3.filter.every-id']);
const httpFaults = faultCatalogue.map((f) => f.name).filter((name) => !EMBEDDED_ONLY.has(name) && map[name]!.checks.every((id) => family.get(id) !== 'events' && !readsEvents.has(id) && !EMBEDDED_CHECKS.has(id)));

const NOW = '2026-10-15T12:00:00Z';
const KEYS = { apiKey: 'demo-key', otherApiKey: 'other-key', inactiveApiKey: 'revoked-key' } as const;
const BASE = 'https://api.crosschain.test';

/** The reference server options and the run options of one fault's entry (its `mock*` options go to the server). */
function split(entry: FaultEntry): { server: { v2RateLimit?: number; records: number }; run: Partial<RunOptions> } {
  const { mockV2RateLimit, mockRecords, ...run } = entry.options ?? {};
  return { server: { records: mockRecords ?? 300, ...(mockV2RateLimit !== undefined ? { v2RateLimit: mockV2RateLimit } : {}) }, run };
}

/**
 * Statuses of the checks both targets can run: not the events family (no socket in process), not
 * `requests-v2.retired` (the embedded run asks a twin server past the sunset; a handler, like a URL,
 * is judged by its own clock, here inside the v2 window), not the checks that make the embedded
 * server's requests arrive.
 */
const statuses = (outcomes: readonly CheckOutcome[]) =>
  Object.fromEntries(outcomes.filter((o) => o.family !== 'events' && !readsEvents.has(o.id) && !EMBEDDED_CHECKS.has(o.id) && o.id !== 'requests-v2.retired').map((o) => [o.id, o.status]));
const problems = (outcomes: readonly CheckOutcome[]) => outcomes.filter((o) => ['fail', 'warn', 'error'].includes(o.status)).map((o) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''}`);

describe('the reference server as a fetch handler', () => {
  it('a clean default run passes check for check as over HTTP; the events family skips, saying why', async () => {
    const common = { seed: 11, numRuns: 5, v2ProbeRequests: 90 } as const;
    const overHttp = await runConformance({ ...common, mockNow: NOW, mockRecords: 1000, mockV2RateLimit: 60 });
    const handler = createMockHandler({ now: NOW, records: 1000, seed: 1, v2RateLimit: 60, quiet: true });
    try {
      const inProcess = await runConformance({ ...common, ...KEYS, handler });
      expect(problems(inProcess.outcomes)).toEqual([]);
      expect(inProcess.exitCode).toBe(0);
      expect(inProcess.target).toMatchObject({ baseUrl: 'http://in-process.test', embedded: false });
      expect(statuses(inProcess.outcomes)).toEqual(statuses(overHttp.outcomes));
      expect(inProcess.outcomes.find((o) => o.id === 'requests-v2.retired')).toMatchObject({ status: 'skip' });
      for (const id of EMBEDDED_CHECKS) {
        expect(overHttp.outcomes.find((o) => o.id === id)?.status, id).toBe('pass');
        expect(inProcess.outcomes.find((o) => o.id === id), id).toMatchObject({ status: 'skip', reason: expect.stringMatching(/only at the embedded reference server/) });
      }
      const events = inProcess.outcomes.filter((x) => x.family === 'events');
      expect(events.length).toBeGreaterThan(10);
      for (const o of events) expect(`${o.id} ${o.status}: ${o.reason}`).toMatch(/^events\.ws\.\S+ skip: .*in-process fetch: there is no websocket|^events\.webhook\.\S+ skip: .*webhook-receiver/);
    } finally {
      await handler.close();
    }
  });

  it.each(httpFaults)('fault %s: exit 1 and its mapped checks fail', async (name) => {
    const entry = map[name]!;
    const { server, run } = split(entry);
    const handler = createMockHandler({ now: NOW, faults: [name], quiet: true, ...server });
    try {
      const result = await runConformance({ ...KEYS, handler, only: entry.checks, seed: 7, numRuns: 5, ...run });
      expect(result.exitCode).toBe(1);
      for (const id of entry.checks) expect(result.outcomes.find((o) => o.id === id)?.status, id).toBe('fail');
    } finally {
      await handler.close();
    }
  });

  it.each([...EMBEDDED_ONLY])('fault %s: inconclusive (exit 5), never a pass: its mapped checks skip as inconclusive', async (name) => {
    const entry = map[name]!;
    const handler = createMockHandler({ now: NOW, faults: [name], quiet: true, records: 300 });
    try {
      const result = await runConformance({ ...KEYS, handler, only: entry.checks, seed: 7, numRuns: 5 });
      expect(result.exitCode).toBe(5);
      for (const id of entry.checks) expect(result.outcomes.find((o) => o.id === id), id).toMatchObject({ status: 'skip', reason: expect.stringMatching(/^inconclusive: /) });
    } finally {
      await handler.close();
    }
  });

  it('works behind a framework that has the same shape (a Hono app mounting the handler)', async () => {
    const mock = createMockHandler({ now: NOW, records: 300, faults: ['v3-page-gap'], quiet: true });
    const app = new Hono();
    app.all('*', (c) => mock.fetch(c.req.raw));
    try {
      const result = await runConformance({ ...KEYS, handler: app, only: ['requests-v3.pagination'], seed: 3, numRuns: 3 });
      expect(result.outcomes.find((o) => o.id === 'requests-v3.pagination.no-gaps')?.status).toBe('fail');
    } finally {
      await mock.close();
    }
  });
});

describe('the reference server through MSW (the global fetch intercepted)', () => {
  const msw = setupServer();
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => msw.close());
  const run = (options: Partial<RunOptions>) => runConformance({ ...KEYS, baseUrl: BASE, fetch: globalThis.fetch, seed: 5, numRuns: 3, ...options });

  it('a clean run passes', async () => {
    const mock = createMockHandler({ now: NOW, records: 500, quiet: true });
    msw.resetHandlers(...mswHandlers(BASE, mock));
    try {
      const result = await run({});
      expect(problems(result.outcomes)).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(result.totals.pass).toBeGreaterThan(40);
    } finally {
      await mock.close();
    }
  });

  it.each(httpFaults)('fault %s: its mapped checks fail', async (name) => {
    const entry = map[name]!;
    const { server, run: extra } = split(entry);
    const mock = createMockHandler({ now: NOW, faults: [name], quiet: true, ...server });
    msw.resetHandlers(...mswHandlers(BASE, mock));
    try {
      const result = await run({ only: entry.checks, seed: 7, numRuns: 5, ...extra });
      expect(result.exitCode).toBe(1);
      for (const id of entry.checks) expect(result.outcomes.find((o) => o.id === id)?.status, id).toBe('fail');
    } finally {
      await mock.close();
    }
  });
});
