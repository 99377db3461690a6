/**
 * `--events auto|required` (the mutation bench's websocket gaps): parsing from flag, env
 * and file; the default per target kind (required embedded or with --ws-url, auto against a URL or
 * an in-process fetch); the raised verdict (the events family judged at MUST); a URL target whose
 * stream is absent stays green under auto and is not green under required; verified silence stays
 * a plain skip under required.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import type { MockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEvents, withDefaults } from '../../src/config/defaults.js';
import { ConfigError } from '../../src/config/fields.js';
import { resolveConfig } from '../../src/config/resolve.js';
import { EVENTS_REQUIRED_FAMILIES, levelOf, replayCommand, toOutcome } from '../../src/engine/outcome.js';
import { withFamily } from '../../src/contract/family.js';
import type { CheckDefinition, RunResult } from '../../src/contract/types.js';
import { runConformance } from '../../src/index.js';

const NOW = '2026-10-15T12:00:00Z';

describe('--events: parsing', () => {
  it('reads the flag, CONFORMANCE_EVENTS and the config file key, the flag winning', () => {
    expect(resolveConfig({ argv: ['--events', 'required'] }).events).toBe('required');
    expect(resolveConfig({ argv: [], env: { CONFORMANCE_EVENTS: 'auto' } }).events).toBe('auto');
    expect(resolveConfig({ argv: ['--events', 'auto'], env: { CONFORMANCE_EVENTS: 'required' } }).events).toBe('auto');
    const dir = mkdtempSync(join(tmpdir(), 'events-mode-'));
    writeFileSync(join(dir, 'c.yaml'), 'events: required\n');
    expect(resolveConfig({ argv: ['--config', 'c.yaml'], cwd: dir }).events).toBe('required');
    // Unset: decided by the target (resolveEvents), so the config holds nothing.
    expect(resolveConfig({ argv: [], cwd: dir }).events).toBeUndefined();
  });

  it('refuses another value with a config error naming the flag and the values', () => {
    expect(() => resolveConfig({ argv: ['--events', 'always'] })).toThrow(ConfigError);
    expect(() => resolveConfig({ argv: ['--events', 'always'] })).toThrow(/--events.*(auto|required)/);
    expect(() => resolveConfig({ argv: [], env: { CONFORMANCE_EVENTS: 'yes' } })).toThrow(/CONFORMANCE_EVENTS/);
  });
});

describe('--events: the default per target kind', () => {
  it('required against the embedded server (it implements the stream) or with --ws-url; auto against a URL or an in-process fetch', () => {
    expect(resolveEvents(withDefaults({}), true)).toBe('required');
    expect(resolveEvents(withDefaults({ baseUrl: 'https://api.example.test' }), false)).toBe('auto');
    expect(resolveEvents(withDefaults({ baseUrl: 'https://api.example.test', wsUrl: 'wss://ws.example.test' }), false)).toBe('required');
    // An in-process fetch is not embedded: auto unless a stream is named.
    expect(resolveEvents(withDefaults({ target: './app.js' }), false)).toBe('auto');
  });

  it('what the user set wins both ways', () => {
    expect(resolveEvents(withDefaults({ events: 'auto' }), true)).toBe('auto');
    expect(resolveEvents(withDefaults({ events: 'auto', wsUrl: 'wss://ws.example.test' }), false)).toBe('auto');
    expect(resolveEvents(withDefaults({ events: 'required', baseUrl: 'https://api.example.test' }), false)).toBe('required');
  });
});

describe('--events: the raised verdict', () => {
  const spec = (id: string): CheckDefinition => withFamily({ id, title: id, clauses: [id], operation: 'WS /', run: async () => ({ status: 'pass' }) });
  const levels = new Map([
    ['events.ws.ready', 'SHOULD' as const],
    ['general.unknown-fields', 'SHOULD' as const],
  ]);

  it('judges the events family at MUST, and only that family', () => {
    expect(levelOf(spec('events.ws.ready'), levels)).toBe('SHOULD');
    expect(levelOf(spec('events.ws.ready'), levels, EVENTS_REQUIRED_FAMILIES)).toBe('MUST');
    expect(levelOf(spec('general.unknown-fields'), levels, EVENTS_REQUIRED_FAMILIES)).toBe('SHOULD');
  });

  it('a violation of a raised check fails without --strict; the same at SHOULD warns', () => {
    const violation = { status: 'fail' as const, violation: { message: 'm', expected: 'e', received: 'r' } };
    const base = (level: 'MUST' | 'SHOULD') => ({ id: 'events.ws.ready', family: 'events', title: 't', operation: 'WS /', clauses: ['events.ws.ready'], level, seed: 1, replay: 'r' });
    expect(toOutcome(base('MUST'), violation, false, 0, 0, (t) => t).status).toBe('fail');
    expect(toOutcome(base('SHOULD'), violation, false, 0, 0, (t) => t).status).toBe('warn');
  });

  it('the replay line carries an explicit --events and, for an events check, --ws-url', () => {
    const config = withDefaults({ seed: 3, baseUrl: 'https://api.example.test', events: 'required', wsUrl: 'wss://ws.example.test' });
    expect(replayCommand(config, 'events.ws.ready', true)).toContain('--events required');
    expect(replayCommand(config, 'events.ws.ready', true)).toContain('--ws-url wss://ws.example.test');
    expect(replayCommand(config, 'requests-v3.limit.max', true)).not.toContain('--ws-url');
    expect(replayCommand(withDefaults({ seed: 3 }), 'events.ws.ready', false)).not.toContain('--events');
  });
});

/** `id: status [cause]` of the events outcomes. */
const shown = (r: RunResult) => Object.fromEntries(r.outcomes.filter((o) => o.family === 'events').map((o) => [o.id, `${o.status}${o.cause ? ` ${o.cause}` : ''}`]));

describe('--events against a URL target', () => {
  /** A server at a URL whose REST operations answer but that handles no websocket upgrade. */
  let noStream: MockServer;
  /** A conformant server at a URL whose requests do not move during the run (no push is owed). */
  let quiet: MockServer;
  beforeAll(async () => {
    noStream = await startMockServer({ port: 0, records: 300, seed: 5, now: NOW, quiet: true, faults: ['ws-no-upgrade'] });
    quiet = await startMockServer({ port: 0, records: 300, seed: 5, now: NOW, quiet: true });
  });
  afterAll(async () => {
    await noStream?.close();
    await quiet?.close();
  });
  const run = (server: MockServer, extra: Record<string, unknown> = {}) => runConformance({ baseUrl: server.url, apiKey: 'demo-key', only: ['events.ws'], eventsWaitMs: 800, seed: 7, ...extra });

  it('auto (the default without --ws-url): a stream that is absent only warns and skips; the run stays green', async () => {
    const result = await run(noStream);
    expect(result.config.events).toBe('auto');
    const events = shown(result);
    expect(events['events.ws.ready']).toBe('warn');
    expect(result.outcomes.find((o) => o.id === 'events.ws.ready')!.level).toBe('SHOULD');
    expect(Object.entries(events).filter(([id]) => id !== 'events.ws.ready').map(([, s]) => s)).toEqual(Array(Object.keys(events).length - 1).fill('skip'));
    expect(result.exitCode).toBe(0);
  }, 30_000);

  it('required (explicit, or the default once --ws-url names the stream): the same server is not green', async () => {
    for (const extra of [{ events: 'required' }, { wsUrl: noStream.url.replace(/^http/, 'ws') }]) {
      const result = await run(noStream, extra);
      expect(result.config.events).toBe('required');
      const events = shown(result);
      expect(events['events.ws.ready'], JSON.stringify(extra)).toBe('fail');
      expect(result.outcomes.find((o) => o.id === 'events.ws.ready')!.level).toBe('MUST');
      // Every other websocket check could not verify anything: inconclusive, typed.
      const rest = Object.entries(events).filter(([id]) => id !== 'events.ws.ready');
      expect(rest.length).toBeGreaterThan(5);
      for (const [id, s] of rest) expect(`${id} ${s}`).toBe(`${id} skip inconclusive`);
      expect(result.outcomes.find((o) => o.id === 'events.ws.subscribe-ack')!.reason).toMatch(/^inconclusive: --events required: no websocket session/);
      expect(result.exitCode).toBe(1);
    }
  }, 30_000);

  it('required without a failure: the unverified skips alone make the run inconclusive (exit 5)', async () => {
    const result = await run(noStream, { events: 'required', skip: ['events.ws.ready'] });
    expect(result.outcomes.every((o) => o.status === 'skip' && o.cause === 'inconclusive')).toBe(true);
    expect(result.exitCode).toBe(5);
  }, 30_000);

  it('required against a conformant stream whose requests do not move: verified silence is a skip with the static-data cause, exit 0 (no flake)', async () => {
    // A generous wait: under required a late acknowledgement would fail, and CI machines are loaded.
    const result = await run(quiet, { wsUrl: quiet.url.replace(/^http/, 'ws'), eventsWaitMs: 3000 });
    expect(result.config.events).toBe('required');
    const events = shown(result);
    for (const id of ['events.ws.ready', 'events.ws.subscribe-ack', 'events.ws.unsubscribe-ack', 'events.ws.message-schema', 'events.ws.errors']) expect(events[id], id).toBe('pass');
    // No followed request changed status: pushes-changes verified it by REST, so the push checks skip with the typed cause
    // static-data (the coverage then says what would judge them), which has no exit of its own: never a flake.
    expect(events['events.ws.pushes-changes']).toBe('skip static-data');
    expect(result.outcomes.find((o) => o.id === 'events.ws.pushes-changes')!.reason).toMatch(/none of the \d+ followed request\(s\) read back changed status/);
    expect(result.outcomes.filter((o) => o.cause !== undefined && o.cause !== 'static-data')).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 30_000);
});

describe('--events on other targets', () => {
  it('an in-process fetch without --ws-url is auto: the family skips, green; asked for (required), it is inconclusive', async () => {
    const fetch = async () => ({ status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => '{"requests":[]}' });
    const auto = await runConformance({ only: ['events.ws'], apiKey: 'k', baseUrl: 'http://in-process.test', fetch });
    expect(auto.config.events).toBe('auto');
    expect(auto.outcomes.every((o) => o.status === 'skip' && o.cause === undefined)).toBe(true);
    expect(auto.exitCode).toBe(0);
    const required = await runConformance({ only: ['events.ws'], apiKey: 'k', baseUrl: 'http://in-process.test', fetch, events: 'required' });
    expect(required.outcomes.every((o) => o.status === 'skip' && o.cause === 'inconclusive')).toBe(true);
    expect(required.exitCode).toBe(5);
  });

  it('the embedded server defaults to required: the stream fault ws-refuses-subscribe fails without --strict', async () => {
    const result = await runConformance({ only: ['events.ws.subscribe-ack'], mockFaults: ['ws-refuses-subscribe'], mockNow: NOW, mockRecords: 300, seed: 7, eventsWaitMs: 2000 });
    expect(result.config.events).toBe('required');
    expect(shown(result)['events.ws.subscribe-ack']).toBe('fail');
    expect(result.exitCode).toBe(1);
    // Asked for auto, the same fault only warns.
    const auto = await runConformance({ only: ['events.ws.subscribe-ack'], mockFaults: ['ws-refuses-subscribe'], mockNow: NOW, mockRecords: 300, seed: 7, eventsWaitMs: 2000, events: 'auto' });
    expect(shown(auto)['events.ws.subscribe-ack']).toBe('warn');
    expect(auto.exitCode).toBe(0);
  }, 30_000);
});
