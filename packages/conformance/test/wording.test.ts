/**
 * Words that agree with what happens (friction 7), each as the user met it: a
 * divergence line that said "it does not fail the run" in a run exiting 1; `--help` saying `audit`
 * reads HAR only; an unreachable target ending without a `Result:` line; the not-JSON advice under
 * `--target` telling the user to fix `--base-url`; an audit of one stub listing 36 skip lines.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import type { CheckOutcome } from '../src/contract/types.js';
import { divergenceLine } from '../src/reporters/summary.js';
import { cliIo } from './cli-io.js';
import { closedPort } from './engine/fake-fetch.js';

describe('the words of issue 27', () => {
  it('a divergence line says it fails the run when it does, and not when it was accepted', () => {
    const o = { status: 'fail', violation: { message: 'm', expected: 'e', received: 'r', divergence: 'divergence.x' } } as unknown as CheckOutcome;
    expect(divergenceLine(o)).toMatch(/it fails the run unless --accept-divergences/);
    expect(divergenceLine(o)).not.toMatch(/does not fail the run/);
    expect(divergenceLine({ ...o, status: 'known' })).toMatch(/accepted: it does not fail the run/);
  });

  it('--help says audit reads every recording format it reads, not HAR only', async () => {
    const t = cliIo();
    expect(await main(['--help'], t.io)).toBe(0);
    const line = t.text().split('\n').find((l) => /^\s+audit\s/.test(l));
    expect(line).toMatch(/HAR.*Pact.*WireMock.*VCR/);
  });

  it('an unreachable target ends with a Result: line (exit 4)', async () => {
    const t = cliIo();
    expect(await main(['--base-url', `http://127.0.0.1:${await closedPort()}`, '--only', 'currencies-v2.limit.max', '--seed', '1'], t.io)).toBe(4);
    expect(t.out.join('')).toMatch(/^Result: +TARGET UNREACHABLE \(exit 4\)/m);
  });

  it('a --target that is not a JSON API is told to fix --target, not --base-url', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wording-'));
    writeFileSync(join(dir, 'site.mjs'), "export default { fetch: () => new Response('<html><title>Welcome</title></html>', { headers: { 'content-type': 'text/html' } }) };\n");
    const t = cliIo({}, dir);
    expect(await main(['--target', './site.mjs', '--only', 'currencies-v2', '--seed', '1', '--quiet'], t.io)).toBe(2);
    expect(t.text()).toMatch(/Point --target at the module/);
    expect(t.text()).not.toMatch(/Point --base-url|wrong base URL/);
  });

  it('an audit of one stub groups the checks that had nothing to judge in one line; --verbose names them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wording-'));
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          {
            startedDateTime: '2026-06-01T00:00:00.000Z',
            time: 1,
            request: { method: 'POST', url: 'http://api.test/currencies/v2', httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }], queryString: [], cookies: [], headersSize: -1, bodySize: 2, postData: { mimeType: 'application/json', text: '{}' } },
            response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'content-type', value: 'application/json' }], cookies: [], content: { size: 2, mimeType: 'application/json', text: '[]' }, redirectURL: '', headersSize: -1, bodySize: 2 },
            cache: {},
            timings: { send: 0, wait: 1, receive: 0 },
          },
        ],
      },
    };
    writeFileSync(join(dir, 'stub.har'), JSON.stringify(har));
    const t = cliIo({}, dir);
    await main(['audit', 'stub.har'], t.io);
    const text = t.out.join('');
    const section = text.slice(text.indexOf('Skipped or disabled'));
    const lines = section.split('\n').slice(1, section.split('\n').findIndex((l) => l.trim() === ''));
    const grouped = lines.find((l) => /\d+ checks had nothing to judge or could not run: .*\(names: --verbose\)/.test(l));
    expect(grouped).toBeDefined();
    expect(Number(/(\d+) checks/.exec(grouped!)![1])).toBeGreaterThan(10);
    expect(lines.length).toBeLessThan(10);
    const v = cliIo({}, dir);
    await main(['audit', 'stub.har', '--verbose'], v.io);
    expect(v.out.join('')).toMatch(/^ {6}\S+\.\S+, \S+/m);
  });
});
