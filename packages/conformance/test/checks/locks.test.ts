/**
 * Every check that sends to GET /requests/v2 holds the v2 lock (or runs alone): the v2 checks read
 * every v2 exchange recorded so far and spend v2's quota on purpose, so under --workers no other v2
 * request may interleave with them (scheduler.ts, `lock`). A new check that sends to v2 without the
 * lock fails here, by id.
 */
import { startMockServer, type MockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { V2_LOCK } from '../../src/checks/requests-v2.js';
import { createAgentFetch } from '../../src/engine/agent-fetch.js';
import type { FetchLike } from '../../src/engine/http.js';
import { runConformance } from '../../src/run/runner.js';

let server: MockServer | undefined;
beforeAll(async () => {
  server = await startMockServer({ records: 600, seed: 4, now: '2026-11-21T12:00:00.000Z', quiet: true });
});
afterAll(async () => {
  await server?.close();
});

describe('the GET /requests/v2 lock', () => {
  it('is held by every check that sends to /requests/v2 in a full run, one check at a time', async () => {
    const base = createAgentFetch();
    /** The check in flight (one worker: checks run one after the other, between their start and end events). */
    let current: string | undefined;
    const senders = new Set<string>();
    const fetch: FetchLike = (url, init) => {
      if (new URL(url).pathname.startsWith('/requests/v2')) senders.add(current ?? '(outside every check)');
      return base(url, init);
    };
    try {
      await runConformance({
        baseUrl: server!.url,
        apiKey: server!.apiKeys.demo,
        otherApiKey: server!.apiKeys.other,
        seed: 1,
        workers: 1,
        quiet: true,
        fetch,
        onEvent: (event) => {
          if (event.type === 'check-start') current = event.check.id;
          if (event.type === 'check-end') current = undefined;
        },
      });
    } finally {
      base.close();
    }
    expect(senders.has('general.no-server-error-on-bad-input')).toBe(true);
    expect(senders.has('requests-v2.limit.max')).toBe(true);
    const unlocked = [...senders].filter((id) => {
      const check = allChecks.find((c) => c.id === id);
      return !check || !(check.lock === V2_LOCK || check.exclusive === true || check.phase === 'final');
    });
    expect(unlocked).toEqual([]);
  }, 120_000);
});
