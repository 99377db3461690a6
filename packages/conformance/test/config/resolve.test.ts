import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { DEFAULTS } from '../../src/config/defaults.js';
import { HelpRequested } from '../../src/config/fields.js';
import { configErrorOf as errorOf } from '../support/config-error.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-config-'));
const yamlFile = join(dir, 'c.yaml');
writeFileSync(yamlFile, 'baseUrl: https://file.example\nnumRuns: 7\ntimeoutMs: 1234\nonly: [a, b]\nstrict: true\n');
const jsonFile = join(dir, 'c.json');
writeFileSync(jsonFile, JSON.stringify({ maxRps: 3, apiKey: 'file-key' }));

function resolve(argv: string[], env: Record<string, string> = {}) {
  return resolveConfig({ argv, env, cwd: dir });
}

describe('resolveConfig', () => {
  it('has the documented defaults', () => {
    const c = resolve([]);
    expect(c).toMatchObject({ numRuns: DEFAULTS.numRuns, timeoutMs: 10_000, maxRequests: 5_000, strict: false, only: [], mockRecords: 3_000 });
    expect(c.v2ProbeRequests).toBeUndefined();
    expect(c.baseUrl).toBeUndefined();
    expect(c.maxRps).toBeUndefined();
    expect(Number.isInteger(c.seed)).toBe(true);
  });

  it('flags > env > file > defaults', () => {
    const fileOnly = resolve(['--config', 'c.yaml']);
    expect(fileOnly).toMatchObject({ baseUrl: 'https://file.example', numRuns: 7, timeoutMs: 1234, only: ['a', 'b'], strict: true, configFile: 'c.yaml' });
    const env = { CONFORMANCE_NUM_RUNS: '9', CONFORMANCE_BASE_URL: 'https://env.example/', CONFORMANCE_STRICT: 'false' };
    expect(resolve(['--config', 'c.yaml'], env)).toMatchObject({ baseUrl: 'https://env.example', numRuns: 9, timeoutMs: 1234, strict: false });
    expect(resolve(['--config', 'c.yaml', '--num-runs', '11', '--strict'], env)).toMatchObject({ numRuns: 11, baseUrl: 'https://env.example', strict: true });
    expect(resolve([], { CONFORMANCE_CONFIG: 'c.json' })).toMatchObject({ maxRps: 3, apiKey: 'file-key' });
  });

  it('tolerates a leading -- and collects repeated and comma lists', () => {
    const c = resolve(['--', '--only', 'a.b,c', '--only', 'd', '--mock-fault', 'x', '--mock-variant', 'gzip', '--mock-variant', 'chunked', '--seed', '42']);
    expect(c.only).toEqual(['a.b', 'c', 'd']);
    expect(c.mockFaults).toEqual(['x']);
    expect(c.mockVariants).toEqual(['gzip', 'chunked']);
    expect(resolve([], { CONFORMANCE_MOCK_VARIANTS: 'auth-403,pretty-json' }).mockVariants).toEqual(['auth-403', 'pretty-json']);
    expect(c.seed).toBe(42);
  });

  it.each([
    [['--num-runs', 'ten'], '--num-runs must be a positive integer, got "ten". Example: --num-runs 50'],
    [['--base-url', 'not a url'], '--base-url must be an absolute http(s) URL'],
    [['--bogus'], "unknown option '--bogus'"],
    [['--config', 'missing.yaml'], '--config file cannot be read (ENOENT)'],
  ])('%j is a one-line usage error', (argv, message) => {
    const msg = errorOf(() => resolve(argv));
    expect(msg).toContain(message);
    expect(msg).not.toContain('\n');
  });

  it('names the env variable and the file key in errors', () => {
    expect(errorOf(() => resolve([], { CONFORMANCE_MAX_RPS: 'fast' }))).toMatch(/^CONFORMANCE_MAX_RPS must be a positive integer, got "fast"/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ numRuns: 'x' }));
    expect(errorOf(() => resolve(['--config', bad]))).toMatch(/^numRuns in .*bad\.json must be a positive integer/);
    const unknown = join(dir, 'unknown.yaml');
    writeFileSync(unknown, 'nmRuns: 3\n');
    expect(errorOf(() => resolve(['--config', unknown]))).toMatch(/unknown option "nmRuns"/);
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, 'a: [1\n');
    expect(errorOf(() => resolve(['--config', broken]))).toMatch(/is not valid JSON\/YAML/);
  });

  it('--help and --version are not errors', () => {
    expect(() => resolve(['--help'])).toThrow(HelpRequested);
    expect(() => resolve(['--version'])).toThrow(HelpRequested);
  });
});
