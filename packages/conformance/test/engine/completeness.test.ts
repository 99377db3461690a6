import { describe, expect, it } from 'vitest';
import { completenessOf, exitWithCompleteness, refusalFor } from '../../src/engine/completeness.js';
import { runConformance } from '../../src/run/runner.js';
import type { ClauseEntry } from '../../src/engine/clause-matrix.js';
import type { CheckDefinition, CheckOutcome } from '../../src/contract/types.js';
import { verdict } from '../../src/reporters/summary.js';
import { renderHtml, renderJunit, renderMarkdown } from '../../src/reporters/index.js';
import { DATE, fakeFetch, records, v3Listing } from './fake-fetch.js';

const KEY = 'SECRET-primary-key';
const OTHER = 'SECRET-other-key';
const NOW = Date.parse(DATE) / 1000;
const spec = {
  hash: 'h',
  openapi: { openapi: '3.1.0', paths: {} },
  clauses: [
    { id: 'c.must', kind: 'clause', level: 'MUST', checks: [] },
    { id: 'c.should', kind: 'clause', level: 'SHOULD', checks: [] },
  ] satisfies ClauseEntry[],
};

function check(id: string, extra: Partial<CheckDefinition> = {}): CheckDefinition {
  return {
    id,
    family: id.split('.')[0]!,
    title: id,
    clauses: ['c.must'],
    operation: 'GET /requests/v3',
    async run(ctx) {
      const ex = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1 } });
      return ex.response?.status === 200 ? { status: 'pass' } : { status: 'fail', violation: { message: `answered ${ex.response?.status}`, expected: '200', received: String(ex.response?.status) } };
    },
    ...extra,
  };
}
const keyed = check('k.keyed', { requires: ['apiKey'] });
const other = check('k.other', { requires: ['otherApiKey'] });
const keyless = check('k.keyless', { async run() { return { status: 'pass' }; } });
const shouldKeyed = check('s.keyed', { requires: ['apiKey'], clauses: ['c.should'] });
const noData = check('d.no-data', { async run() { return { status: 'skip', reason: 'the discovery window holds no refunds' }; } });

const listing = v3Listing(records(200, NOW, 300), [KEY, OTHER]);
const run = (options: Parameters<typeof runConformance>[0] = {}) =>
  runConformance({ fetch: fakeFetch(listing), baseUrl: 'http://in-process.test', seed: 1, numRuns: 3, checks: [keyed, other, keyless, shouldKeyed], spec, ...options });

describe('a run that tested nothing is not green', () => {
  it('no --api-key: the MUST checks that need it make the run INCOMPLETE (exit 2), naming the flags', async () => {
    const result = await run();
    expect(result.exitCode).toBe(2);
    expect(result.completeness?.incomplete).toEqual({ flags: ['--api-key', '--other-api-key'], checks: ['k.keyed', 'k.other'] });
    const v = verdict(result);
    expect(v).toMatchObject({ word: 'INCOMPLETE', ok: false });
    expect(v.sentence).toMatch(/^INCOMPLETE \(exit 2\): 2 MUST checks could not run; add --api-key and --other-api-key/);
    expect(renderJunit(result)).toMatch(/<testcase classname="run" name="run.complete"[^>]*>\s*<failure message="INCOMPLETE/);
    expect(renderHtml(result)).toMatch(/<header class="verdict bad">[^\n]*INCOMPLETE/);
    expect(renderMarkdown(result)).toMatch(/INCOMPLETE \(exit 2\)/);
    expect(renderHtml(result) + renderMarkdown(result)).not.toMatch(/PASSED/);
  });

  it('only the missing --other-api-key is named once --api-key is given', async () => {
    const result = await run({ apiKey: KEY });
    expect(result.exitCode).toBe(2);
    expect(result.completeness?.incomplete?.flags).toEqual(['--other-api-key']);
  });

  it('--allow-incomplete, or deselecting those checks, gives exit 0; a SHOULD check left unrun does not count', async () => {
    expect((await run({ allowIncomplete: true })).exitCode).toBe(0);
    expect((await run({ disable: ['k.keyed', 'k.other'] })).exitCode).toBe(0);
    expect((await run({ only: ['k.keyless', 's.keyed'] })).exitCode).toBe(0);
  });

  it('every key given: complete, exit 0 and PASSED', async () => {
    const result = await run({ apiKey: KEY, otherApiKey: OTHER });
    expect(result.exitCode).toBe(0);
    expect(result.completeness).toBeUndefined();
    expect(verdict(result).word).toBe('PASSED');
  });

  it('a refused --api-key is a configuration error: exit 2, KEY REFUSED, and no check fails because of it', async () => {
    const result = await run({ apiKey: 'SECRET-wrong', otherApiKey: OTHER });
    expect(result.exitCode).toBe(2);
    expect(result.completeness?.keyRefused).toEqual([{ flag: '--api-key', status: 401 }]);
    expect(result.outcomes.filter((o) => o.status === 'fail')).toEqual([]);
    expect(result.outcomes.find((o) => o.id === 'k.keyed')!.reason).toMatch(/the server refused --api-key \(401\)/);
    expect(verdict(result).sentence).toMatch(/^KEY REFUSED \(exit 2\): the server refused --api-key \(401\)/);
    expect(JSON.stringify(result)).not.toContain('SECRET-wrong');
  });

  it('a refused --other-api-key: exit 2 naming it; the checks that do not use it still run', async () => {
    const result = await run({ apiKey: KEY, otherApiKey: 'SECRET-wrong' });
    expect(result.exitCode).toBe(2);
    expect(result.completeness?.keyRefused).toEqual([{ flag: '--other-api-key', status: 401 }]);
    expect(result.outcomes.find((o) => o.id === 'k.keyed')!.status).toBe('pass');
    expect(result.outcomes.find((o) => o.id === 'k.other')).toMatchObject({ status: 'skip' });
    expect(verdict(result).sentence).toMatch(/the server refused --other-api-key \(401\)/);
  });

  it('--certify: a skipped MUST check fails the run (exit 1); without it the skip is a skip', async () => {
    const options = { apiKey: KEY, otherApiKey: OTHER, checks: [keyed, noData] };
    expect((await run(options)).exitCode).toBe(0);
    const certified = await run({ ...options, certify: true });
    expect(certified.exitCode).toBe(1);
    expect(certified.completeness?.certifySkipped).toEqual(['d.no-data']);
    expect(verdict(certified).sentence).toMatch(/^FAILED \(exit 1\): --certify: 1 MUST check skipped \(d.no-data\)/);
  });
});

describe('completeness rules', () => {
  const o = (id: string, status: CheckOutcome['status'], extra: Partial<CheckOutcome> = {}): CheckOutcome =>
    ({ id, family: 'f', title: id, operation: 'op', clauses: [], level: 'MUST', status, durationMs: 0, seed: 1, replay: '', requests: 0, ...extra }) as CheckOutcome;

  it('a failure outranks an incomplete run; a refused key outranks a failure; unreachable outranks all', () => {
    const c = completenessOf([o('a', 'skip', { needs: ['--api-key'] })], [], { allowIncomplete: false, certify: false });
    expect(exitWithCompleteness(1, c)).toBe(1);
    expect(exitWithCompleteness(0, c)).toBe(2);
    expect(exitWithCompleteness(4, { keyRefused: [{ flag: '--api-key', status: 403 }] })).toBe(4);
    expect(exitWithCompleteness(1, { keyRefused: [{ flag: '--api-key', status: 403 }] })).toBe(2);
    expect(exitWithCompleteness(0, undefined)).toBe(0);
  });

  it('a refused primary key stops every check; a refused other key only those that use it', () => {
    expect(refusalFor([], [{ flag: '--api-key', status: 401 }])?.flag).toBe('--api-key');
    expect(refusalFor([], [{ flag: '--other-api-key', status: 401 }])).toBeUndefined();
    expect(refusalFor(['otherApiKey'], [{ flag: '--other-api-key', status: 403 }])?.status).toBe(403);
  });
});
