import { describe, expect, it } from 'vitest';
import { classifyCheckEnd, classifyDiscoveryError, needsProbe, notRunOutcome, transportOutcome, unansweredOutcome } from '../../src/engine/classify.js';
import type { CheckEnd, CheckEnding, OutcomeBase } from '../../src/engine/classify.js';
import { BodyTooLargeError, RateLimitedError } from '../../src/engine/http.js';
import { BudgetExceededError, OperationStalledError, TargetUnreachableError } from '../../src/contract/types.js';
import type { CheckResult, Exchange } from '../../src/contract/types.js';

const base: OutcomeBase = { id: 'x.y.z', family: 'x.y', title: 'X', operation: 'GET /x', clauses: ['c'], level: 'MUST', seed: 1, replay: 'crosschain-conformance --only x.y.z' };
const SECRET = 'sk_live_secret';
const redact = (text: string) => text.split(SECRET).join('<redacted>');
const end = (over: Partial<CheckEnd>): CheckEnd => ({ base, durationMs: 12, requests: 3, strict: false, redact, ...over });
const timedOutExchange = { seq: 1, request: { method: 'GET', url: 'http://t/x', headers: {} }, curl: 'curl http://t/x', durationMs: 1, startedAt: '', timedOut: true } as unknown as Exchange;
const timeout = () => new TargetUnreachableError(`GET http://t/x?k=${SECRET} did not answer`, timedOutExchange, 'timeout');
const reset = () => new TargetUnreachableError('GET http://t/x failed: ECONNRESET', undefined, 'network', 'ECONNRESET');
const malformed = () => new TargetUnreachableError('GET http://t/x failed: fetch failed: HPE_INVALID_CONSTANT: Expected HTTP/', undefined, 'network', 'HPE_INVALID_CONSTANT');
const handlerThrew = () => new TargetUnreachableError('GET http://t/x failed: fetch failed: the handler threw: boom', undefined, 'network');
const settled = (ending: CheckEnding | { probe: true }): CheckEnding => {
  if (needsProbe(ending)) throw new Error('expected a verdict, got a probe request');
  return ending;
};

describe('classifyCheckEnd: a check that returned', () => {
  it.each<[string, CheckResult, Partial<CheckEnding['outcome']>, boolean]>([
    ['pass', { status: 'pass' }, { status: 'pass' }, false],
    ['skip with its cause', { status: 'skip', cause: 'inconclusive', reason: 'inconclusive: x' }, { status: 'skip', cause: 'inconclusive' }, false],
    ['fail', { status: 'fail', violation: { message: 'm', expected: 'e', received: 'r' } }, { status: 'fail' }, false],
    ['fail found by a timeout: runs again alone', { status: 'fail', violation: { message: 'm', expected: 'e', received: 'r', exchange: timedOutExchange } }, { status: 'fail' }, true],
  ])('%s', (_name, result, outcome, timedOut) => {
    const ending = settled(classifyCheckEnd(end({ result }), { othersRunning: false, answeredAnything: true }));
    expect(ending.outcome).toMatchObject({ ...outcome, durationMs: 12, requests: 3 });
    expect(ending.stop).toBeUndefined();
    expect(ending.rateLimited).toBe(false);
    expect(ending.timedOut === true).toBe(timedOut);
  });
});

describe('classifyCheckEnd: a check that threw', () => {
  const cases: Array<[string, unknown, { status: string; cause?: string; stop?: string; rateLimited?: boolean }]> = [
    ['an operation that stopped answering', new OperationStalledError('GET /x', 'timeouts'), { status: 'skip', cause: 'stalled' }],
    ['a body over --max-body-bytes', new BodyTooLargeError(10), { status: 'fail' }],
    ['throttling through every retry', new RateLimitedError('429 on all 4 attempts'), { status: 'skip', cause: 'inconclusive', rateLimited: true }],
    ['a spent budget: stops the run', new BudgetExceededError('request bound of the run reached'), { status: 'skip', cause: 'budget', stop: 'budget' }],
    ['a bug of the check', new TypeError('x is undefined'), { status: 'error' }],
  ];
  it.each(cases)('%s', (_name, error, want) => {
    const ending = settled(classifyCheckEnd(end({ error }), { othersRunning: false, answeredAnything: true }));
    expect(ending.outcome.status).toBe(want.status);
    expect(ending.outcome.cause).toBe(want.cause);
    expect(ending.stop?.cause).toBe(want.stop);
    expect(ending.rateLimited).toBe(want.rateLimited ?? false);
    expect(ending.unreachable).toBeUndefined();
  });

  it('a stall is not a transport failure to probe (OperationStalledError is a TargetUnreachableError)', () => {
    expect(needsProbe(classifyCheckEnd(end({ error: new OperationStalledError('GET /x', 'c') }), { othersRunning: false, answeredAnything: true }))).toBe(false);
  });
});

describe('classifyCheckEnd: no answer', () => {
  const cases: Array<[string, () => TargetUnreachableError, { othersRunning: boolean; answeredAnything: boolean; reachable?: boolean }, 'probe' | { status: string; cause?: string; stop?: string; timedOut?: boolean; unreachable?: boolean }]> = [
    ['a timeout beside other checks: fails, runs again alone, no probe', timeout, { othersRunning: true, answeredAnything: true }, { status: 'fail', timedOut: true }],
    ['a timeout alone: asks for the probe', timeout, { othersRunning: false, answeredAnything: true }, 'probe'],
    ['a reset beside other checks: asks for the probe (only timeouts may be the kit\'s load)', reset, { othersRunning: true, answeredAnything: true }, 'probe'],
    ['a reset, the target still answers: an error with cause transport, not a failure', reset, { othersRunning: false, answeredAnything: true, reachable: true }, { status: 'error', cause: 'transport' }],
    ['a malformed HTTP answer, the target still answers: the check fails (the server\'s answer, not the connection)', malformed, { othersRunning: false, answeredAnything: true, reachable: true }, { status: 'fail', timedOut: false }],
    ['a --target handler that threw, the target still answers: the check fails', handlerThrew, { othersRunning: false, answeredAnything: true, reachable: true }, { status: 'fail', timedOut: false }],
    ['a timeout, the target still answers: fails and runs again', timeout, { othersRunning: false, answeredAnything: true, reachable: true }, { status: 'fail', timedOut: true }],
    ['the target stopped answering: inconclusive, the run stops', reset, { othersRunning: false, answeredAnything: true, reachable: false }, { status: 'skip', cause: 'inconclusive', stop: 'inconclusive', unreachable: false }],
    ['it never answered anything: unreachable (exit 4), the run stops', reset, { othersRunning: false, answeredAnything: false, reachable: false }, { status: 'error', cause: 'unreachable', stop: 'unreachable', unreachable: true }],
  ];
  it.each(cases)('%s', (_name, error, facts, want) => {
    const ending = classifyCheckEnd(end({ error: error() }), facts);
    if (want === 'probe') {
      expect(needsProbe(ending)).toBe(true);
      return;
    }
    const verdict = settled(ending);
    expect(verdict.outcome.status).toBe(want.status);
    expect(verdict.outcome.cause).toBe(want.cause);
    expect(verdict.stop?.cause).toBe(want.stop);
    expect(verdict.stop?.as).toBe(want.stop ? want.status : undefined);
    expect(verdict.timedOut).toBe(want.timedOut);
    expect(verdict.unreachable).toBe(want.unreachable);
    expect(verdict.rateLimited).toBe(false);
  });

  it('redacts the key in every text it makes', () => {
    const failed = settled(classifyCheckEnd(end({ error: timeout() }), { othersRunning: true, answeredAnything: true }));
    const stopped = settled(classifyCheckEnd(end({ error: timeout() }), { othersRunning: false, answeredAnything: false, reachable: false }));
    expect(JSON.stringify([failed.outcome, stopped.outcome])).not.toContain(SECRET);
    expect(failed.outcome.violation?.curl).toBe('curl http://t/x');
  });
});

describe('classifyDiscoveryError', () => {
  const problem = 'discovery failed: boom';
  const cases: Array<[string, unknown, { answeredAnything: boolean; reachable?: boolean }, 'probe' | { stop?: string; as?: string; throttled?: boolean; unreachable?: boolean }]> = [
    ['a spent budget stops the run (skip)', new BudgetExceededError('time bound'), { answeredAnything: true }, { stop: 'budget', as: 'skip' }],
    ['throttling counts one in a row', new RateLimitedError('429'), { answeredAnything: true }, { throttled: true }],
    ['no answer ever: asks for the probe', reset(), { answeredAnything: false }, 'probe'],
    ['no answer ever, probe fails: unreachable', reset(), { answeredAnything: false, reachable: false }, { stop: 'unreachable', as: 'error', unreachable: true }],
    ['no answer ever, probe answers: the checks judge', reset(), { answeredAnything: false, reachable: true }, {}],
    ['no answer after answers: the checks judge, no probe', reset(), { answeredAnything: true }, {}],
    ['a body too large: the checks judge', new BodyTooLargeError(10), { answeredAnything: true }, {}],
    ['anything else: discovery-failed', new SyntaxError('bad'), { answeredAnything: true }, { stop: 'discovery-failed', as: 'error' }],
  ];
  it.each(cases)('%s', (_name, error, facts, want) => {
    const ending = classifyDiscoveryError(error, problem, facts);
    if (want === 'probe') {
      expect(needsProbe(ending)).toBe(true);
      return;
    }
    if (needsProbe(ending)) throw new Error('expected a verdict');
    expect(ending.stop?.cause).toBe(want.stop);
    expect(ending.stop?.as).toBe(want.as);
    expect(ending.throttled).toBe(want.throttled);
    expect(ending.unreachable).toBe(want.unreachable);
  });

  it('discovery-failed carries the problem as its reason', () => {
    const ending = classifyDiscoveryError(new SyntaxError('bad'), problem, { answeredAnything: true });
    expect(ending).toEqual({ stop: { cause: 'discovery-failed', reason: problem, as: 'error' } });
  });
});

describe('notRunOutcome and unansweredOutcome', () => {
  it.each([
    ['error', 'unreachable', 'target unreachable: x', { status: 'error', reason: 'not run: target unreachable: x' }],
    ['skip', 'budget', 'budget: time bound', { status: 'skip', reason: 'budget: not run: time bound' }],
    ['skip', 'inconclusive', 'inconclusive: 429 for 3 checks', { status: 'skip', reason: 'inconclusive: not run: 429 for 3 checks' }],
    ['skip', 'not-json', 'not a JSON API: an HTML page', { status: 'skip', reason: "not a JSON API: not run, wrong base URL? (the run's diagnosis names what came back)" }],
    ['skip', 'not-json', 'not a JSON API: --target returned HTML', { status: 'skip', reason: "not a JSON API: not run, wrong --target handler? (the run's diagnosis names what came back)" }],
  ] as const)('%s/%s', (as, cause, aborted, want) => {
    expect(notRunOutcome(base, aborted, as, cause)).toEqual({ ...base, ...want, cause, durationMs: 0, requests: 0 });
  });

  it('unanswered: a failure naming no answer in time or a transport failure', () => {
    expect(unansweredOutcome(base, timeout(), 5, 1, redact).violation).toMatchObject({ received: 'no answer in time', expected: 'an HTTP response within --timeout-ms' });
    expect(unansweredOutcome(base, reset(), 5, 1, redact).violation?.received).toBe('a transport failure');
  });

  it('transport: an error with its cause and the failure it names, redacted, no violation', () => {
    const lost = new TargetUnreachableError(`POST http://t/currencies/v2?k=${SECRET} failed: fetch failed: ECONNRESET: socket hang up`, undefined, 'network', 'ECONNRESET');
    const outcome = transportOutcome(base, lost, 5, 2, redact);
    expect(outcome).toMatchObject({ status: 'error', cause: 'transport', durationMs: 5, requests: 2 });
    expect(outcome.reason).toMatch(/^transport failure: POST http:\/\/t\/currencies\/v2\?k=<redacted> failed: fetch failed: ECONNRESET: socket hang up/);
    expect(outcome.violation).toBeUndefined();
  });
});
