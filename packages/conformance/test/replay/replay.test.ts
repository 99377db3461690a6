import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { cliIo } from '../cli-io.js';

const NOW = '2026-10-15T12:00:00Z';
const CHECK = 'requests-v3.limit.max';

describe('replay <results.json>', () => {
  let faulty: Awaited<ReturnType<typeof startMockServer>>;
  let clean: Awaited<ReturnType<typeof startMockServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'conformance-replay-'));

  beforeAll(async () => {
    faulty = await startMockServer({ records: 300, now: NOW, faults: ['v3-limit-uncapped'], quiet: true });
    clean = await startMockServer({ records: 300, now: NOW, quiet: true });
    const t = cliIo({ CONFORMANCE_API_KEY: faulty.apiKeys.demo }, dir);
    expect(await main(['--base-url', faulty.url, '--only', CHECK, '--seed', '8', '--quiet', '--report-dir', 'run'], t.io)).toBe(1);
  });
  afterAll(async () => {
    await faulty?.close();
    await clean?.close();
  });

  it('results.json carries the failing request, key redacted', () => {
    const text = readFileSync(join(dir, 'run', 'results.json'), 'utf8');
    const doc = JSON.parse(text) as { outcomes: Array<{ id: string; violation?: { request?: { method: string; url: string; headers: Record<string, string> } } }> };
    expect(doc.outcomes[0]!.violation!.request).toMatchObject({ method: 'GET', headers: { 'x-api-key': '<redacted>' } });
    expect(text).not.toContain(faulty.apiKeys.demo);
  });

  it('against the same faulty server: still failing, exit 1, the key nowhere in the output', async () => {
    const t = cliIo({ CONFORMANCE_API_KEY: faulty.apiKeys.demo }, dir);
    expect(await main(['replay', 'run/results.json', '--check', CHECK], t.io)).toBe(1);
    expect(t.out.join('')).toMatch(new RegExp(`✘ still failing  ${CHECK.replace(/\./g, '\\.')}: `));
    expect(t.text()).not.toContain(faulty.apiKeys.demo);
  });

  it('--check takes the globs, families and prefixes --only takes', async () => {
    for (const pattern of ['requests-v3.limit.*', 'requests-v3.limit', '*.max']) {
      const t = cliIo({ CONFORMANCE_API_KEY: faulty.apiKeys.demo }, dir);
      expect(await main(['replay', 'run/results.json', '--check', pattern], t.io)).toBe(1);
      expect(t.out.join('')).toMatch(/Replayed 1: 0 fixed, 1 still failing/);
    }
  });

  it('against a fixed server (--base-url): fixed, exit 0', async () => {
    const t = cliIo({ CONFORMANCE_API_KEY: clean.apiKeys.demo }, dir);
    expect(await main(['replay', 'run/results.json', '--base-url', clean.url], t.io)).toBe(0);
    expect(t.out.join('')).toMatch(new RegExp(`✔ fixed  ${CHECK.replace(/\./g, '\\.')}: the recorded request now gets another answer \\(400\\) and the check passes`));
    expect(t.out.join('')).toMatch(/Replayed 1: 1 fixed, 0 still failing/);
  });

  it('without the key the recorded request needs: a usage error naming the fix', async () => {
    const t = cliIo({}, dir);
    expect(await main(['replay', 'run/results.json'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('error: replay needs the API key the recorded requests used (redacted in results.json), got none. Fix: set CONFORMANCE_API_KEY or pass --api-key\n');
  });

  it('a --check that did not fail, or no file: usage errors', async () => {
    const t = cliIo({ CONFORMANCE_API_KEY: 'k' }, dir);
    expect(await main(['replay', 'run/results.json', '--check', 'general.nope'], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/^error: replay --check must name failed checks of run\/results.json \(ids, families, dot-bounded prefixes or globs, as --only\), got "general.nope". Failed checks: requests-v3.limit.max\n$/);
    const u = cliIo({}, dir);
    expect(await main(['replay'], u.io)).toBe(2);
    expect(u.err.join('')).toMatch(/^error: replay needs one results.json, got 0\./);
  });

  it('a run of the embedded server replays against the embedded server with the recorded faults', async () => {
    const local = mkdtempSync(join(tmpdir(), 'conformance-replay-'));
    const args = ['--only', 'currencies-v2.limit.max', '--mock-records', '300', '--seed', '2', '--mock-fault', 'currencies-limit-uncapped', '--quiet', '--report-dir', 'emb'];
    expect(await main(args, cliIo({}, local).io)).toBe(1);
    const t = cliIo({}, local);
    expect(await main(['replay', 'emb/results.json'], t.io)).toBe(1);
    expect(t.out.join('')).toMatch(/✘ still failing  currencies-v2\.limit\.max: the recorded request gets the same answer \(200\)/);
  });

  it('a v2 failure found after the sunset (on the window twin) replays as still failing, not as retired', async () => {
    const local = mkdtempSync(join(tmpdir(), 'conformance-replay-'));
    const args = ['--only', 'requests-v2.deprecation.body-object', '--mock-records', '300', '--mock-now', '2026-12-01T12:00:00Z', '--seed', '2', '--mock-fault', 'v2-no-deprecation-object', '--quiet', '--report-dir', 'v2'];
    expect(await main(args, cliIo({}, local).io)).toBe(1);
    const t = cliIo({}, local);
    expect(await main(['replay', 'v2/results.json'], t.io)).toBe(1);
    expect(t.out.join('')).toMatch(/✘ still failing  requests-v2\.deprecation\.body-object: the check fail again/);
  });

  it.each([
    ['requests-v2.retired', '2026-12-01T12:00:00Z', 410],
    ['requests-v2.deprecation.on-errors', '2026-10-15T12:00:00Z', undefined],
  ])('a fix that keeps the status and body (deprecation headers added to v2 errors: %s) replays as fixed; the fault itself still fails', async (check, AFTER, status) => {
    const broken = await startMockServer({ records: 300, now: AFTER, faults: ['v2-no-deprecation-on-errors'], quiet: true });
    const fixed = await startMockServer({ records: 300, now: AFTER, quiet: true });
    try {
      const local = mkdtempSync(join(tmpdir(), 'conformance-replay-'));
      const env = { CONFORMANCE_API_KEY: broken.apiKeys.demo };
      expect(await main(['--base-url', broken.url, '--only', check, '--seed', '3', '--quiet', '--report-dir', 'gone'], cliIo(env, local).io)).toBe(1);
      const recorded = JSON.parse(readFileSync(join(local, 'gone', 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; violation?: { response?: { status: number } } }> };
      const recordedStatus = recorded.outcomes.find((o) => o.id === check)?.violation?.response?.status;
      expect(recordedStatus).toBeGreaterThanOrEqual(400);
      if (status !== undefined) expect(recordedStatus).toBe(status);
      const still = cliIo(env, local);
      expect(await main(['replay', 'gone/results.json', '--base-url', broken.url], still.io)).toBe(1);
      expect(still.out.join('')).toContain(`still failing  ${check}`);
      const now = cliIo(env, local);
      expect(await main(['replay', 'gone/results.json', '--base-url', fixed.url], now.io)).toBe(0);
      expect(now.out.join('')).toContain(`fixed  ${check}: the recorded request now gets another answer (${recordedStatus}) and the check passes`);
    } finally {
      await broken.close();
      await fixed.close();
    }
  });
});
