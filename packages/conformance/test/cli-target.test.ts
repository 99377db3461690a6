/** `--target <module>#<export>`: the CLI checks a fetch handler in process, no port. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { cliIo } from './cli-io.js';

const mockServer = pathToFileURL(join(import.meta.dirname, '../../mock-server/dist/index.js')).href;
const dir = mkdtempSync(join(tmpdir(), 'conformance-target-'));
const app = (faults: string[]) =>
  `import { createMockHandler } from ${JSON.stringify(mockServer)};\n` +
  `const mock = createMockHandler({ now: '2026-10-15T12:00:00Z', records: 300, faults: ${JSON.stringify(faults)}, quiet: true });\n` +
  'export const handler = (request) => mock.fetch(request);\n';
writeFileSync(join(dir, 'clean.mjs'), app([]));
writeFileSync(join(dir, 'faulty.mjs'), app(['v3-page-overlap']));
const keys = ['--api-key', 'demo-key', '--other-api-key', 'other-key'];

describe('crosschain-conformance --target', () => {
  it('runs the checks against the handler a module exports: exit 0 on the clean reference server', async () => {
    const t = cliIo({}, dir);
    const code = await main(['--target', './clean.mjs#handler', ...keys, '--verbose', '--only', 'requests-v3.pagination,currencies-v2', '--seed', '4', '--num-runs', '3'], t.io);
    expect(t.text()).toMatch(/target: in-process handler \.\/clean\.mjs#handler/);
    expect(t.text()).toMatch(/PASSED/);
    expect(code).toBe(0);
    expect(t.text()).not.toMatch(/demo-key|other-key/);
  });

  it('a fault fails its check, and the replay line keeps --target', async () => {
    const t = cliIo({}, dir);
    const code = await main(['--target', './faulty.mjs#handler', ...keys, '--only', 'requests-v3.pagination.no-duplicates', '--seed', '4', '--num-runs', '3'], t.io);
    expect(code).toBe(1);
    expect(t.text()).toMatch(/Replay: .*crosschain-conformance --seed 4 --only requests-v3\.pagination\.no-duplicates.* --target \.\/faulty\.mjs#handler/);
  });

  it('a module that cannot be loaded is a usage error, exit 2, one line', async () => {
    const t = cliIo({}, dir);
    expect(await main(['--target', './nope.mjs', ...keys], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/^error: --target cannot load "\.\/nope\.mjs": .*\n$/);
  });
});
