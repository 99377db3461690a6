/**
 * The SDK's websocket status tracking (relay-sdk 7: `execute` → `executeSteps` → `trackRequestStatus`),
 * unmodified, against the reference server: `createClient({ baseApiUrl, websocket: { enabled, url } })`
 * with the server's URLs, as an integrator configures it. The SDK opens the socket the way a browser
 * does (`window.WebSocket`, no API key), subscribes to the request of its deposit step, and must end
 * the execution on the terminal status pushed to it, without falling back to polling. The server's
 * statuses advance on their own (`advanceEveryMs`, which moves subscribed requests first).
 */
import type { MockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureClient, DATA, executeDeposit, openCrossChainRequests } from '../helpers/sdk-execution.js';
import { intentStatus, startReferenceServer } from '../helpers/reference-server.js';

/** Frames the SDK's socket sent and received (a browser WebSocket that records). */
const sent: string[] = [];
const received: string[] = [];
const NativeWebSocket = globalThis.WebSocket;
class RecordingWebSocket extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.addEventListener('message', (e) => received.push(String(e.data)));
  }
  override send(data: string): void {
    sent.push(data);
    super.send(data);
  }
}

let server: MockServer;

beforeAll(async () => {
  // A browser page: `window` with its WebSocket (the SDK skips tracking without them).
  vi.stubGlobal('WebSocket', RecordingWebSocket);
  vi.stubGlobal('window', globalThis);
  server = await startReferenceServer({ ...DATA, advanceEveryMs: 20 });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

describe('relay-sdk websocket status tracking', () => {
  it('follows a deposit to its terminal status over the websocket: subscribe, ack, updates, end', async () => {
    const row = openCrossChainRequests()[0];
    expect(row, 'an open cross-chain request between EVM chains').toBeDefined();
    const log = configureClient(server, { pollingInterval: 50, maxPollingAttemptsBeforeTimeout: 200, websocket: { enabled: true, url: server.wsUrl } });
    const { outcome, item } = await executeDeposit(row);

    // The socket: opened, subscribed to the request, acknowledged, pushed status updates.
    expect(log.some((l) => l.startsWith('Websocket open')), `SDK log (start):\n${log.slice(0, 8).join("\n")}`).toBe(true);
    expect(sent.map((s) => JSON.parse(s))).toContainEqual({ type: 'subscribe', event: 'request.status.updated', filters: { id: row.id } });
    const frames = received.map((f) => JSON.parse(f));
    expect(frames).toContainEqual(expect.objectContaining({ type: 'subscribe', status: 'success' }));
    const updates = frames.filter((f) => f.event === 'request.status.updated' && f.data?.requestId === row.id).map((f) => f.data.status);
    expect(updates.length).toBeGreaterThan(0);

    // The end: the server's terminal status, reached over the websocket, never by polling.
    const truth = await intentStatus(server, row.id);
    const last = updates.at(-1);
    expect(['success', 'refund']).toContain(last);
    expect(log.filter((l) => /polling|Polling/.test(l))).toEqual([]);
    if (last === 'success') {
      expect(outcome).toMatchObject({ ok: true });
      expect(truth.status).toBe('success');
      expect(item).toMatchObject({ status: 'complete', checkStatus: 'success' });
      expect(item.txHashes?.map((t) => t.txHash)).toEqual(truth.txHashes);
      // The deposit as the server indexed it (pushed with pending/success), not the wallet's hash.
      expect(truth.inTxHashes.length).toBeGreaterThan(0);
      expect(item.internalTxHashes?.map((t) => t.txHash)).toEqual(truth.inTxHashes);
    } else {
      expect(outcome).toEqual({ ok: false, error: 'Transaction failed: Refunded' });
      expect(truth.status).toBe('fallback');
      expect(item.checkStatus).toBe('refund');
    }
  });
});
