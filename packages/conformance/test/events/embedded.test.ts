/**
 * The events family against the embedded reference server (issue 9): the kit drives the status
 * changes of the requests it follows through the server's `advance(id)`, receives the server's
 * webhooks in-process, every events check passes, and the key never shows in the result.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';

describe('events family, embedded target', () => {
  it('the clean server passes every websocket and webhook check (full round trip through the in-process receiver); the key is redacted', async () => {
    const result = await runConformance({ only: ['events'], mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 7, numRuns: 3, strict: true });
    const bad = result.outcomes.filter((o) => ['warn', 'fail', 'error'].includes(o.status)).map((o) => `${o.id}: ${o.reason ?? o.violation?.message}`);
    expect(bad).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.outcomes.map((o) => `${o.id}: ${o.status}`)).toEqual(result.outcomes.map((o) => `${o.id}: pass`));
    expect(result.outcomes.length).toBe(14);
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
