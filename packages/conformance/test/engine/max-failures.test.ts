import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/run/runner.js';
import type { CheckDefinition } from '../../src/contract/types.js';
import { fakeFetch, v3Listing } from './fake-fetch.js';

const failing = (id: string, family = 'a'): CheckDefinition => ({
  id,
  family,
  title: id,
  clauses: [],
  operation: 'GET /requests/v3',
  run: async () => ({ status: 'fail', violation: { message: `${id} broke`, expected: 'x', received: 'y' } }),
});
const passing = (id: string, family = 'a'): CheckDefinition => ({ ...failing(id, family), run: async () => ({ status: 'pass' }) });
const spec = { hash: 'h', openapi: { openapi: '3.1.0', paths: {} }, clauses: [] };

describe('--max-failures and family grouping', () => {
  it('stops after n failures: the rest skip with "max failures reached"', async () => {
    const checks = [failing('a.1'), passing('a.2'), failing('a.3'), failing('a.4'), passing('a.5')];
    const result = await runConformance({ fetch: fakeFetch(v3Listing([])), baseUrl: 'http://t.invalid', checks, spec, maxFailures: 2, seed: 1 });
    expect(result.outcomes.map((o) => o.status)).toEqual(['fail', 'pass', 'fail', 'skip', 'skip']);
    expect(result.outcomes[3]!.reason).toBe('max failures reached (--max-failures 2)');
    expect(result.exitCode).toBe(1);
  });

  it('runs the checks of a family together, so progress shows each family once', async () => {
    const checks = [passing('a.1', 'a'), passing('b.1', 'b'), passing('a.2', 'a')];
    const result = await runConformance({ fetch: fakeFetch(v3Listing([])), baseUrl: 'http://t.invalid', checks, spec, seed: 1 });
    expect(result.outcomes.map((o) => o.id)).toEqual(['a.1', 'a.2', 'b.1']);
  });
});
