/** The embedded target checks `--mock-variant` against the reference server's catalogue before starting it. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/fields.js';
import { startEmbeddedTarget } from '../../src/target/embedded.js';

const base = { records: 50, seed: 1, faults: [] };

describe('startEmbeddedTarget variants', () => {
  it('refuses an unknown variant, naming the known ones', async () => {
    const err = await startEmbeddedTarget({ ...base, variants: ['nope'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^--mock-variant must name a variant of the reference server, got "nope"\. Known: limit-capped, /);
  });

  it('refuses two variants of one group, keeping one in the example', async () => {
    const err = await startEmbeddedTarget({ ...base, variants: ['cursor-numeric', 'cursor-fresh'] }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('--mock-variant cursor-numeric and cursor-fresh cannot be combined (one cursor per server); keep one of them, e.g. --mock-variant cursor-numeric');
  });

  it('starts the server with the variants', async () => {
    const target = await startEmbeddedTarget({ ...base, variants: ['content-type-charset'] });
    try {
      const r = await fetch(`${target.baseUrl}/requests/v3?limit=1`, { headers: { 'x-api-key': target.apiKey } });
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    } finally {
      await target.close();
    }
  });
});
