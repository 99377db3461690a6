/**
 * Every event fault breaks its clause: the probe holds on the clean server and fails with the
 * fault on (the kit's events family must catch each one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultCatalogue, startMockServer, type MockServer } from '../../src/index.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { EVENT_WEBHOOK_PROBES, EVENT_WS_PROBES, WEBHOOK_KEY } from './probes.js';

const options = { records: 600, seed: 11, now: '2026-08-15T12:00:00Z', quiet: true };
let clean: MockServer;
beforeAll(async () => {
  clean = await startMockServer(options);
});
afterAll(() => clean.close());

describe('websocket faults', () => {
  it.each(Object.keys(EVENT_WS_PROBES).map((name) => [name, faultCatalogue.find((f) => f.name === name)?.clause]))('%s breaks %s', async (name) => {
    const probe = EVENT_WS_PROBES[name];
    expect(await probe(clean), 'clean server honours the clause').toBe(true);
    const faulty = await startMockServer({ ...options, faults: [name] });
    try {
      expect(await probe(faulty), 'fault breaks the clause').toBe(false);
    } finally {
      await faulty.close();
    }
  });
});

describe('webhook faults', () => {
  it.each(Object.keys(EVENT_WEBHOOK_PROBES).map((name) => [name, faultCatalogue.find((f) => f.name === name)?.clause]))('%s breaks %s', async (name) => {
    const { answer, probe } = EVENT_WEBHOOK_PROBES[name];
    for (const faults of [[], [name]]) {
      const receiver = await startReceiver(answer);
      const server = await startMockServer({ ...options, faults, webhooks: { [WEBHOOK_KEY]: receiver.url }, webhookBackoffMs: 20 });
      try {
        expect(await probe(server, receiver), faults.length ? 'fault breaks the clause' : 'clean server honours the clause').toBe(faults.length === 0);
      } finally {
        await server.close();
        await receiver.close();
      }
    }
  });
});
