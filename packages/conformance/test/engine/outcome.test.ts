import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/config/defaults.js';
import { errorReason, exitCodeOf, levelOf, replayCommand, toOutcome, totalsOf } from '../../src/engine/outcome.js';
import { redactor } from '../../src/contract/redact.js';
import { BudgetExceededError, TargetUnreachableError } from '../../src/contract/types.js';
import type { CheckDefinition, CheckOutcome, CheckResult, Exchange } from '../../src/contract/types.js';

const o = (status: CheckOutcome['status']) => ({ status }) as CheckOutcome;

describe('exitCodeOf', () => {
  it.each([
    [[], false, 0],
    [[o('pass'), o('warn'), o('skip'), o('disabled')], false, 0],
    [[o('pass'), o('fail'), o('error')], false, 1],
    [[o('pass'), o('error')], false, 3],
    [[o('fail')], true, 4],
  ] as const)('%j unreachable=%s -> %s', (outcomes, unreachable, code) => {
    expect(exitCodeOf(outcomes as unknown as CheckOutcome[], unreachable)).toBe(code);
  });
});

describe('totalsOf', () => {
  it('counts every status, zero included', () => {
    expect(totalsOf([o('pass'), o('pass'), o('warn')])).toEqual({ pass: 2, fail: 0, warn: 1, known: 0, skip: 0, disabled: 0, error: 0 });
  });
});

describe('levelOf', () => {
  const levels = new Map<string, 'MUST' | 'SHOULD' | undefined>([
    ['m', 'MUST'],
    ['s', 'SHOULD'],
    ['s2', 'SHOULD'],
  ]);
  const of = (clauses: string[]) => levelOf({ clauses } as unknown as CheckDefinition, levels);
  it.each([
    [['s', 's2'], 'SHOULD'],
    [['s', 'm'], 'MUST'],
    [['s', 'unknown'], 'MUST'],
    [[], 'MUST'],
  ] as const)('%j -> %s', (clauses, level) => {
    expect(of([...clauses])).toBe(level);
  });
});

describe('replayCommand', () => {
  it('names the seed and the check, and only the options off their defaults', () => {
    expect(replayCommand(withDefaults({ seed: 7 }), 'a.b', false)).toBe('crosschain-conformance --seed 7 --only a.b');
    const embedded = withDefaults({ seed: 7, numRuns: 3, mockRecords: 10, mockSeed: 2, mockNow: '2026-10-15T12:00:00Z', mockFaults: ['f1', 'f2'], mockV2RateLimit: 0, v2ProbeRequests: 5 });
    expect(replayCommand(embedded, 'a.b', false)).toBe(
      'crosschain-conformance --seed 7 --only a.b --num-runs 3 --v2-probe-requests 5 --mock-records 10 --mock-seed 2 --mock-now 2026-10-15T12:00:00Z --mock-fault f1 --mock-fault f2 --mock-v2-rate-limit 0',
    );
  });
  it('names the base URL of an external target, never its key, and no mock option', () => {
    const config = withDefaults({ seed: 7, baseUrl: 'https://x.example', apiKey: 'SECRET', mockRecords: 10 });
    expect(replayCommand(config, 'a.b', true)).toBe('CONFORMANCE_API_KEY="$CONFORMANCE_API_KEY" crosschain-conformance --seed 7 --only a.b --base-url https://x.example');
  });
  it('carries strictness, the number of runs, the window and every key by its variable, never by value', () => {
    const config = withDefaults({ seed: 7, numRuns: 9, strict: true, baseUrl: 'https://x.example', apiKey: 'SECRET-1', otherApiKey: 'SECRET-2', inactiveApiKey: 'SECRET-3' });
    const line = replayCommand(config, 'a.b', true, { window: { start: 100, end: 200 } });
    expect(line).toBe(
      'CONFORMANCE_API_KEY="$CONFORMANCE_API_KEY" CONFORMANCE_OTHER_API_KEY="$CONFORMANCE_OTHER_API_KEY" CONFORMANCE_INACTIVE_API_KEY="$CONFORMANCE_INACTIVE_API_KEY" ' +
        'crosschain-conformance --seed 7 --only a.b --strict --num-runs 9 --window 100..200 --base-url https://x.example',
    );
    expect(line).not.toContain('SECRET');
  });
});

describe('errorReason', () => {
  it.each([
    [new TargetUnreachableError('no answer'), 'target unreachable: no answer'],
    [new BudgetExceededError('--max-requests 3'), 'bound reached: --max-requests 3'],
    [new RangeError('oops'), 'RangeError: oops'],
    ['a string', 'a string'],
  ])('%s -> %s', (err, reason) => {
    expect(errorReason(err)).toBe(reason);
  });
});

describe('toOutcome', () => {
  const base = { id: 'a.b', family: 'a', title: 't', operation: 'GET /requests/v3', clauses: ['c'], seed: 1, replay: 'r' };
  const redact = redactor(['SECRET']);
  const map = (result: unknown, level: 'MUST' | 'SHOULD' = 'MUST', strict = false) => toOutcome({ ...base, level }, result as CheckResult, strict, 5, 2, redact);
  const exchange = {
    seq: 1,
    request: { method: 'GET', url: 'http://x/requests/v3', headers: {} },
    response: { status: 200, headers: { 'x-echo': 'SECRET' }, bodyText: 'x'.repeat(5000), json: undefined },
    durationMs: 1,
    curl: "curl 'http://x/requests/v3'",
  } satisfies Exchange;
  const fail = { status: 'fail', violation: { message: 'm SECRET', expected: 'e', received: 'r', exchange }, counterexample: 3, path: '0:1' };

  it('a violation that is a catalogued divergence fails as any violation of the document, labelled, and keeps its mark', () => {
    const violation = { message: 'm', expected: 'e', received: 'r', where: '/a', rule: 'type', divergence: 'divergence.nullable-fields' };
    const o = map({ status: 'fail', violation });
    expect(o).toMatchObject({ status: 'fail', reason: expect.stringContaining('divergence.nullable-fields'), violation: { where: '/a', rule: 'type', divergence: 'divergence.nullable-fields' } });
    expect(exitCodeOf([o], false)).toBe(1);
    expect(map({ status: 'fail', violation: { ...violation, divergence: undefined } }).status).toBe('fail');
  });

  it('maps pass and skip, redacting their text', () => {
    expect(map({ status: 'pass', note: 'saw SECRET' })).toMatchObject({ status: 'pass', reason: 'saw <redacted>', durationMs: 5, requests: 2 });
    expect(map({ status: 'pass' })).not.toHaveProperty('reason');
    expect(map({ status: 'skip', reason: 'no SECRET' })).toMatchObject({ status: 'skip', reason: 'no <redacted>' });
  });
  it.each([
    ['MUST', false, 'fail'],
    ['MUST', true, 'fail'],
    ['SHOULD', false, 'warn'],
    ['SHOULD', true, 'fail'],
  ] as const)('a %s violation with strict=%s is %s', (level, strict, status) => {
    expect(map(fail, level, strict).status).toBe(status);
  });
  it('keeps the violation, counterexample and path, cuts the body to 4 KiB and redacts everything', () => {
    const out = map(fail);
    expect(out).toMatchObject({ counterexample: 3, path: '0:1', violation: { message: 'm <redacted>', curl: exchange.curl, response: { status: 200, headers: { 'x-echo': '<redacted>' } } } });
    expect(out.violation!.response!.body).toHaveLength(4097);
    expect(out.violation!.response!.body!.endsWith('…')).toBe(true);
    expect(JSON.stringify(out)).not.toContain('SECRET');
  });
  it.each([
    [undefined, 'the check returned no result (undefined)'],
    [{ nope: 1 }, 'the check returned no result ({"nope":1})'],
    [{ status: 'maybe' }, 'the check returned an unknown status "maybe"'],
  ])('%j is an error', (result, reason) => {
    expect(map(result)).toMatchObject({ status: 'error', reason });
  });
});
