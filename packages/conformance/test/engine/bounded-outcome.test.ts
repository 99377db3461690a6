/**
 * Outcomes of runs a hostile target left incomplete: the body cap fails
 * its check, throttling makes it inconclusive, a spent budget skips it; the exit codes 5 and 2.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, RateLimitedError } from '../../src/engine/http.js';
import { bodySummary, notJsonDiagnosis } from '../../src/engine/not-json.js';
import { boundedOutcome, exitCodeOf, incompleteExitCode } from '../../src/engine/outcome.js';
import { redactor } from '../../src/contract/redact.js';
import { BudgetExceededError, OUTCOME_CAUSES } from '../../src/contract/types.js';
import type { CheckOutcome, Exchange, OutcomeCause } from '../../src/contract/types.js';

const resultsSchema = JSON.parse(readFileSync(new URL('../../src/reporters/results.schema.json', import.meta.url), 'utf8'));
const base = { id: 'x.y', family: 'x', title: 't', clauses: [], level: 'MUST' as const, seed: 1, replay: 'r' };
const redact = redactor(['sekret-key']);
const skip = (cause: OutcomeCause | undefined, reason: string) => ({ status: 'skip', reason, ...(cause ? { cause } : {}) }) as CheckOutcome;

describe('boundedOutcome', () => {
  it('a body over --max-body-bytes fails the check, naming the cap', () => {
    const out = boundedOutcome(base, new BodyTooLargeError(1000), 5, 1, redact)!;
    expect(out.status).toBe('fail');
    expect(out.violation!.message).toMatch(/^response body over --max-body-bytes: .*more than 1000 bytes/);
  });

  it('throttling throughout is inconclusive, a spent budget is budget, both skips with the key redacted', () => {
    expect(boundedOutcome(base, new RateLimitedError('GET /a?k=sekret-key answered 429 on all 4 attempts'), 5, 4, redact)).toMatchObject({
      status: 'skip',
      cause: 'inconclusive',
      reason: 'inconclusive: GET /a?k=<redacted> answered 429 on all 4 attempts',
    });
    expect(boundedOutcome(base, new BudgetExceededError('time bound of the run reached (--max-duration)'), 5, 0, redact)).toMatchObject({
      cause: 'budget',
      reason: 'budget: time bound of the run reached (--max-duration)',
    });
    expect(boundedOutcome(base, new Error('bug'), 5, 0, redact)).toBeUndefined();
  });
});

describe('exit codes of an incomplete run', () => {
  it('5 when a check is inconclusive or over budget and nothing failed; a failure still wins', () => {
    expect(incompleteExitCode([skip('missing-key', 'needs --api-key')])).toBeUndefined();
    expect(exitCodeOf([skip('inconclusive', 'inconclusive: 429')], false)).toBe(5);
    expect(exitCodeOf([skip('budget', 'budget: not run: --max-requests 3')], false)).toBe(5);
    expect(exitCodeOf([skip('budget', 'budget: x'), { status: 'fail' } as CheckOutcome], false)).toBe(1);
  });

  it('1 when an operation stopped answering (its checks skipped with cause stalled), whatever else was inconclusive', () => {
    expect(exitCodeOf([skip('stalled', 'stalled: GET /requests/v3 stopped answering; not run'), skip('budget', 'budget: not run: …')], false)).toBe(1);
  });

  it('2 when the target is not a JSON API', () => {
    expect(exitCodeOf([skip('not-json', 'not a JSON API: not run: …')], false)).toBe(2);
  });

  it('follows the cause, never the text of the reason', () => {
    // A check's own skip may say anything: prose that looks like a cause decides nothing.
    for (const text of ['stalled: looks stalled', 'budget: looks spent', 'inconclusive: looks throttled', 'not a JSON API: looks foreign']) {
      expect(exitCodeOf([skip(undefined, text)], false)).toBe(0);
    }
    // And a cause decides whatever its text says.
    expect(exitCodeOf([skip('budget', 'the run ran out of time')], false)).toBe(5);
    expect(exitCodeOf([skip('stalled', 'GET /requests/v3 went quiet')], false)).toBe(1);
    expect(exitCodeOf([skip('not-json', 'HTML came back')], false)).toBe(2);
    for (const cause of ['missing-key', 'refused-key', 'max-failures'] as const) expect(exitCodeOf([skip(cause, 'x')], false)).toBe(0);
  });

  it('the causes of results.schema.json are the typed causes', () => {
    expect(resultsSchema.$defs.cause.enum).toEqual([...OUTCOME_CAUSES]);
  });
});

describe('notJsonDiagnosis', () => {
  const answer = (status: number, type: string, body: string, isJson = false): Exchange =>
    ({ seq: 1, request: { method: 'GET', url: 'u', headers: {} }, durationMs: 1, curl: 'c', response: { status, headers: { 'content-type': type }, bodyText: body, json: undefined, isJson } }) as Exchange;

  it('names what came back when most answers are neither JSON by type nor by body', () => {
    const d = notJsonDiagnosis([answer(200, 'text/html', '<html>\n  <title>Hi</title>'), answer(404, 'text/html', 'nope'), answer(200, 'application/json', '[]', true)]);
    expect(d).toBe('2 of 3 answers were not JSON (first: 200 text/html, 26 bytes, title "Hi"): wrong base URL? Point --base-url at the API root (where POST /currencies/v2 answers JSON)');
  });

  it('never quotes a body: its type, size, and an HTML title or a JSON message, cut', () => {
    const page = `<!doctype html><html><head><title>Welcome to nginx!</title><style>${'x'.repeat(500)}</style></head></html>`;
    expect(bodySummary({ headers: { 'content-type': 'text/html; charset=utf-8' }, bodyText: page, json: undefined })).toBe(`text/html, ${page.length} bytes, title "Welcome to nginx!"`);
    expect(bodySummary({ headers: { 'content-type': 'application/json' }, bodyText: '{"message":"bad key","errorCode":"E"}', json: { message: 'bad key', errorCode: 'E' } })).toBe('application/json, 37 bytes, message "bad key"');
    expect(bodySummary({ headers: {}, bodyText: 'x'.repeat(300), json: undefined })).toBe('no content-type, 300 bytes');
    expect(bodySummary({ headers: { 'content-type': 'text/html' }, bodyText: `<title>${'t'.repeat(200)}</title>`, json: undefined })).toMatch(/title "t{80}…"$/);
  });

  it('says nothing for a JSON API answering broken JSON, for half or fewer foreign answers, or for one answer', () => {
    expect(notJsonDiagnosis([answer(200, 'application/json', '{"a":'), answer(200, 'application/json', '{"a":')])).toBeUndefined();
    expect(notJsonDiagnosis([answer(200, 'text/html', 'x'), answer(200, 'application/json', '[]', true)])).toBeUndefined();
    expect(notJsonDiagnosis([answer(200, 'text/html', 'x')])).toBeUndefined();
  });
});
