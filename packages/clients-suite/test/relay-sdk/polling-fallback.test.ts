/**
 * The SDK's polling status check (relay-sdk 7: `execute` → `sendTransactionSafely` →
 * `pollForConfirmation`), unmodified, against the reference server: with the websocket off, and
 * with the websocket on but refused, the SDK polls the check endpoint of the quote's deposit step,
 * which it rewrites from `/intents/status?requestId=` to `GET /intents/status/v3?requestId=…&referrer=<source>`,
 * until a status it treats as the end (success; failure and refund end it with an error).
 * The request is moved by the test one lifecycle step at a time (`advance(id)`) until such a status.
 */
import type { MockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureClient, DATA, DEPOSIT_TX, executeDeposit, openCrossChainRequests } from '../helpers/sdk-execution.js';
import { intentStatus, startReferenceServer } from '../helpers/reference-server.js';

/** Statuses that end the SDK's polling (success resolves; failure and refund reject). */
const POLL_END = new Set(['success', 'failure', 'refund']);

let server: MockServer;

beforeAll(async () => {
  server = await startReferenceServer({ ...DATA });
});

afterAll(async () => {
  await server?.close();
});

/** Runs `execute` on `row` while moving the request one step every few ms until a polling end. */
async function executeWhileAdvancing(rowIndex: number, websocket: { enabled: boolean; url?: string }) {
  const row = openCrossChainRequests()[rowIndex];
  expect(row, 'an open cross-chain request between EVM chains').toBeDefined();
  const log = configureClient(server, { pollingInterval: 10, maxPollingAttemptsBeforeTimeout: 300, websocket });
  const path: string[] = [row.status];
  const timer = setInterval(() => {
    if (POLL_END.has(path.at(-1)!)) return clearInterval(timer);
    for (const change of server.advance(row.id)) path.push(change.to);
  }, 15);
  try {
    return { row, log, path, ...(await executeDeposit(row)) };
  } finally {
    clearInterval(timer);
  }
}

async function expectEndedOnServerStatus(run: Awaited<ReturnType<typeof executeWhileAdvancing>>): Promise<void> {
  const { row, log, path, outcome, item } = run;
  const polls = log.filter((l) => l.startsWith('Execute Steps: Polling for confirmation'));
  expect(log.filter((l) => l.includes('api error')).slice(0, 2), 'status polls answered').toEqual([]);
  expect(polls.length).toBeGreaterThan(0);
  const end = path.at(-1);
  expect(POLL_END.has(end!), `server path ${path.join(' → ')}`).toBe(true);
  const truth = await intentStatus(server, row.id);
  if (end === 'success') {
    expect(outcome).toMatchObject({ ok: true });
    expect(item).toMatchObject({ status: 'complete', checkStatus: 'success' });
    expect(item.txHashes?.map((t) => t.txHash)).toEqual(truth.txHashes);
    // On success the polling path records the wallet's own deposit hash.
    expect(item.internalTxHashes?.map((t) => t.txHash)).toEqual([DEPOSIT_TX]);
  } else {
    expect(outcome).toEqual({ ok: false, error: end === 'refund' ? 'Transaction failed: Refunded' : 'Transaction failed' });
    expect(item.checkStatus).toBe(end);
  }
}

describe('relay-sdk polling status check', () => {
  it('polls GET /intents/status/v3 to the end of the request when the websocket is off', async () => {
    await expectEndedOnServerStatus(await executeWhileAdvancing(1, { enabled: false }));
  });

  it('falls back to polling to the end of the request when the websocket is refused', async () => {
    // A browser page (the SDK opens no socket without `window.WebSocket`, and then waits for ever),
    // and a websocket URL where the server refuses the upgrade (no such path).
    vi.stubGlobal('window', globalThis);
    try {
      const run = await executeWhileAdvancing(2, { enabled: true, url: `${server.wsUrl}no-socket-here` });
      expect(run.log).toContain('WebSocket failed, starting polling');
      await expectEndedOnServerStatus(run);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 20_000);
});
