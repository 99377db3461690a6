/** The verdict in words (summary.ts): what it names when the run could not test everything. */
import { describe, expect, it } from 'vitest';
import { familySummaries, verdict, wallTimeMs } from '../../src/reporters/summary.js';
import { outcome, runResult } from './fixtures.js';

describe('verdict', () => {
  it('a target that is not a JSON API: the headline names that cause, not the keys its checks did not get', () => {
    const notJson = 'not a JSON API: 4 of 4 answers were not JSON (first: 200 text/html, 48 bytes, title "Welcome to nginx!"): wrong base URL? Point --base-url at the API root';
    const skipped = outcome({ id: 'requests-v3.auth.other', status: 'skip', cause: 'not-json', reason: "not a JSON API: not run, wrong base URL? (the run's diagnosis names what came back)" });
    const result = runResult([skipped], { exitCode: 2, aborted: notJson, abortCause: 'not-json', completeness: { incomplete: { flags: ['--other-api-key'], checks: ['requests-v3.auth.other'] } } });
    expect(verdict(result).sentence).toBe(`USAGE ERROR (exit 2): ${notJson}`);
    // The verdict reads the cause, not the text: the same text without its cause is not that verdict.
    expect(verdict({ ...result, abortCause: undefined }).sentence).toMatch(/^INCOMPLETE \(exit 2\)/);
    // Without that cause the missing key is the headline, as before.
    expect(verdict({ ...result, aborted: undefined, abortCause: undefined }).sentence).toMatch(/^INCOMPLETE \(exit 2\): 1 MUST check could not run; add --other-api-key/);
  });

  it('an inconclusive run says how many checks, of which families, it did not test; never green', () => {
    const budget = 'budget: not run: time bound of the run reached (--max-duration)';
    const outcomes = [
      outcome({ id: 'currencies-v2.limit.max', status: 'pass' }),
      outcome({ id: 'requests-v3.limit.max', status: 'skip', cause: 'budget', reason: budget }),
      outcome({ id: 'events.ws.ready', status: 'skip', cause: 'budget', reason: budget }),
      outcome({ id: 'general.unknown-fields', status: 'skip', reason: 'reported only under --strict' }),
    ];
    const v = verdict(runResult(outcomes, { exitCode: 5, aborted: 'budget: time bound of the run reached (--max-duration)', abortCause: 'budget' }));
    expect(v.ok).toBe(false);
    expect(v.sentence).toBe('INCONCLUSIVE (exit 5): the run could not complete: budget: time bound of the run reached (--max-duration); 2 of 4 checks not tested (requests-v3.limit, events.ws)');
  });
});

describe('family time', () => {
  it('is the wall time its checks covered, not the sum of checks that ran at the same time', () => {
    const at = (id: string, startMs: number, durationMs: number) => outcome({ id, status: 'pass', startMs, durationMs });
    // Three overlapping checks of 0-4 s, 1-5 s, 2-3 s and one of 10-11 s: 6 s of wall time, 10 s summed.
    const family = [at('f.a', 0, 4000), at('f.b', 1000, 4000), at('f.c', 2000, 1000), at('f.d', 10_000, 1000)];
    expect(wallTimeMs(family)).toBe(6000);
    expect(familySummaries([...family, at('g.a', 0, 500)]).map((f) => [f.family, f.durationMs])).toEqual([
      ['f', 6000],
      ['g', 500],
    ]);
    // Without a start (older results, merged shards) a check adds its duration.
    expect(wallTimeMs([outcome({ id: 'f.x', status: 'pass', durationMs: 700 }), at('f.y', 0, 300)])).toBe(1000);
  });
});
