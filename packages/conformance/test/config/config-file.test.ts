import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-config-file-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('config file: conformance.yaml by default, ${ENV} interpolation', () => {
  it('reads conformance.yaml of the working directory when nothing names a file', () => {
    const cwd = dirWith({ 'conformance.yaml': 'numRuns: 9\nskip: [requests-v2]\n' });
    expect(resolveConfig({ argv: [], cwd })).toMatchObject({ numRuns: 9, skip: ['requests-v2'], configFile: 'conformance.yaml' });
    expect(resolveConfig({ argv: [], cwd: dirWith({}) }).configFile).toBeUndefined();
  });

  it('--config still wins over conformance.yaml', () => {
    const cwd = dirWith({ 'conformance.yaml': 'numRuns: 9\n', 'other.yaml': 'numRuns: 4\n' });
    expect(resolveConfig({ argv: ['--config', 'other.yaml'], cwd })).toMatchObject({ numRuns: 4, configFile: 'other.yaml' });
  });

  it('replaces ${NAME} from the environment; $${NAME} stays literal', () => {
    const cwd = dirWith({ 'conformance.yaml': 'baseUrl: ${TARGET}/api\napiKey: ${KEY}\nreportDir: out-$${X}\n' });
    expect(resolveConfig({ argv: [], cwd, env: { TARGET: 'https://staging.example.com', KEY: 'k-1' } })).toMatchObject({ baseUrl: 'https://staging.example.com/api', apiKey: 'k-1', reportDir: 'out-${X}' });
  });

  it('an unset variable is a config error naming it, never showing other values', () => {
    const cwd = dirWith({ 'conformance.yaml': 'apiKey: ${STAGING_KEY}\n' });
    expect(() => resolveConfig({ argv: [], cwd, env: {} })).toThrow(
      'config file "conformance.yaml" uses ${STAGING_KEY}, but the environment variable STAGING_KEY is not set. Fix: export STAGING_KEY, or remove it from the file.',
    );
  });
});
