/** The verdict in words (summary.ts): what it names when the run could not test everything (issue 20). */
import { describe, expect, it } from 'vitest';
import { verdict } from '../../src/reporters/summary.js';
import { outcome, runResult } from './fixtures.js';

describe('verdict', () => {
  it('a target that is not a JSON API: the headline names that cause, not the keys its checks did not get', () => {
    const notJson = 'not a JSON API: 4 of 4 answers were not JSON (first: 200 text/html, 48 bytes, title "Welcome to nginx!"): wrong base URL? Point --base-url at the API root';
    const skipped = outcome({ id: 'requests-v3.auth.other', status: 'skip', reason: "not a JSON API: not run, wrong base URL? (the run's diagnosis names what came back)" });
    const result = runResult([skipped], { exitCode: 2, aborted: notJson, completeness: { incomplete: { flags: ['--other-api-key'], checks: ['requests-v3.auth.other'] } } });
    expect(verdict(result).sentence).toBe(`USAGE ERROR (exit 2): ${notJson}`);
    // Without that cause the missing key is the headline, as before.
    expect(verdict({ ...result, aborted: undefined }).sentence).toMatch(/^INCOMPLETE \(exit 2\): 1 MUST check could not run; add --other-api-key/);
  });

  it('an inconclusive run says how many checks, of which families, it did not test; never green', () => {
    const budget = 'budget: not run: time bound of the run reached (--max-duration)';
    const outcomes = [
      outcome({ id: 'currencies-v2.limit.max', status: 'pass' }),
      outcome({ id: 'requests-v3.limit.max', status: 'skip', reason: budget }),
      outcome({ id: 'events.ws.ready', status: 'skip', reason: budget }),
      outcome({ id: 'general.unknown-fields', status: 'skip', reason: 'reported only under --strict' }),
    ];
    const v = verdict(runResult(outcomes, { exitCode: 5, aborted: 'budget: time bound of the run reached (--max-duration)' }));
    expect(v.ok).toBe(false);
    expect(v.sentence).toBe('INCONCLUSIVE (exit 5): the run could not complete: budget: time bound of the run reached (--max-duration); 2 of 4 checks not tested (requests-v3.limit, events.ws)');
  });
});
