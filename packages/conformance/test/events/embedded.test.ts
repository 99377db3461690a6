/**
 * The events family against the embedded reference server: the kit drives the status
 * changes of the requests it follows through the server's `advance(id)`, receives the server's
 * webhooks in-process, every events check passes, and the key never shows in the result.
 */
import { describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { CheckDefinition } from '../../src/contract/types.js';

describe('events family, embedded target', () => {
  it('the clean server passes every websocket and webhook check (full round trip through the in-process receiver); the key is redacted', async () => {
    const result = await runConformance({ only: ['events'], mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 7, numRuns: 3, strict: true });
    const bad = result.outcomes.filter((o) => ['warn', 'fail', 'error'].includes(o.status)).map((o) => `${o.id}: ${o.reason ?? o.violation?.message}`);
    expect(bad).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.outcomes.map((o) => `${o.id}: ${o.status}`)).toEqual(result.outcomes.map((o) => `${o.id}: pass`));
    expect(result.outcomes.length).toBe(18);
    // The session followed a request of another key, so the leak oracle saw a push it could catch.
    expect(result.outcomes.find((o) => o.id === 'events.ws.no-foreign-authenticated-fields')?.reason).toMatch(/push\(es\) for a request of another key/);
    // Every request the kit changed was delivered in its latest status, and a change made once the key's queue had emptied too.
    expect(result.outcomes.find((o) => o.id === 'events.webhook.delivers-changes')?.reason).toMatch(/each delivered in its latest status .*after the queue emptied delivered too/);
    expect(JSON.stringify(result)).not.toContain('demo-key');
  });

  it('an in-process fetch target without --ws-url skips the family with the reason', async () => {
    const result = await runConformance({
      only: ['events'],
      apiKey: 'k',
      baseUrl: 'http://in-process.test',
      fetch: async () => ({ status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => '{"requests":[]}' }),
    });
    expect(new Set(result.outcomes.map((o) => o.status))).toEqual(new Set(['skip']));
    expect(result.outcomes[0]!.reason).toMatch(/--ws-url/);
  });
});

describe('events family, a URL target', () => {
  it('the websocket session starts right after discovery, so its waits overlap the checks ahead of it in run order', async () => {
    const { startMockServer } = await import('@crosschain/mock-server');
    const server = await startMockServer({ port: 0, records: 300, seed: 5, now: '2026-10-15T12:00:00Z', quiet: true });
    /** A check ahead of the events family that takes 2.5 s. */
    const slow: CheckDefinition = { id: 'a.slow', family: 'a', title: 'slow', clauses: [], operation: 'GET /requests/v3', run: async () => (await new Promise((r) => setTimeout(r, 2500)), { status: 'pass' }) };
    const ws = allChecks.filter((c) => c.id === 'events.ws.ready' || c.id === 'events.ws.subscribe-ack');
    try {
      const result = await runConformance({ baseUrl: server.url, apiKey: 'demo-key', checks: [slow, ...ws], workers: 1, eventsWaitMs: 1500, seed: 7 });
      expect(result.outcomes.map((o) => [o.id, o.status])).toEqual([
        ['a.slow', 'pass'],
        ['events.ws.ready', 'pass'],
        ['events.ws.subscribe-ack', 'pass'],
      ]);
      // The session waits twice 1.5 s: begun only with its check it would last 3 s or more; begun
      // after discovery, 2.5 s of it passed while the slow check ran, one check after the other.
      expect(result.outcomes[1]!.durationMs).toBeLessThan(2500);
    } finally {
      await server.close();
    }
  }, 30_000);
});
