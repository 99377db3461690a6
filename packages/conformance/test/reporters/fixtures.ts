/** Hand-made run results for the reporter tests: every status, hostile text, long bodies, secrets. */
import type { CheckOutcome, OutcomeStatus, RunResult } from '../../src/contract/types.js';

/** A raw secret the engine would never leave in a result: the reporters must not show it either. */
export const FAKE_KEY = 'sk-live-FAKE-9f8e7d6c5b4a';

/** Text a hostile or sloppy target can put in its data. */
export const HOSTILE =
  `<script>alert("x&y")</script> 'quote' "dq" & ]]> | pipe *star* _u_ [l](http://evil.example) ` +
  '``` fence `tick` \u0001ctl \u001b[31mred\u001b[0m ünïcödé 日本語 🚀 \ud800lone';

const CURL = `curl -H 'x-api-key: <redacted>' 'http://127.0.0.1:4010/requests/v3?limit=51'`;

export function outcome(partial: Partial<CheckOutcome> & Pick<CheckOutcome, 'id' | 'status'>): CheckOutcome {
  const family = partial.family ?? partial.id.split('.').slice(0, -1).join('.');
  return {
    family,
    title: `Title of ${partial.id}`,
    operation: 'GET /requests/v3',
    clauses: [`${family}.clause`],
    level: 'MUST',
    durationMs: 12.5,
    seed: 1234,
    replay: `crosschain-conformance --seed 1234 --only ${partial.id}`,
    requests: 3,
    ...partial,
  };
}

function totalsOf(outcomes: CheckOutcome[]): Record<OutcomeStatus, number> {
  const t: Record<OutcomeStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0, disabled: 0, error: 0 };
  for (const o of outcomes) t[o.status] += 1;
  return t;
}

export function runResult(outcomes: CheckOutcome[], overrides: Partial<RunResult> = {}): RunResult {
  const clauseIds = [...new Set(outcomes.flatMap((o) => o.clauses))];
  return {
    kit: { name: '@crosschain/conformance', version: '0.1.0' },
    spec: { hash: 'sha256:0123456789abcdef' },
    startedAt: '2026-11-21T10:00:00.000Z',
    finishedAt: '2026-11-21T10:00:12.345Z',
    durationMs: 12345,
    config: {
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: '<redacted>',
      otherApiKey: '<redacted>',
      numRuns: 50,
      seed: 1234,
      strict: false,
      timeoutMs: 10000,
    },
    seed: 1234,
    target: { baseUrl: 'http://127.0.0.1:4010', embedded: true, now: '2026-11-21T10:00:00.000Z' },
    outcomes,
    totals: totalsOf(outcomes),
    requests: outcomes.reduce((n, o) => n + o.requests, 0),
    exitCode: outcomes.some((o) => o.status === 'fail') ? 1 : 0,
    clauses: clauseIds.map((id) => ({
      id,
      level: 'MUST' as const,
      kind: 'behaviour',
      checks: outcomes.filter((o) => o.clauses.includes(id)).map((o) => ({ id: o.id, status: o.status })),
    })),
    ...overrides,
  };
}

export const failing = outcome({
  id: 'requests-v3.filters.or-across-groups',
  status: 'fail',
  clauses: ['requests-v3.filters.groups-or', 'requests-v3.filters.groups'],
  violation: {
    message: 'Groups must be OR-ed: a record matching only the second group is missing',
    expected: 'id 0x41… in the result (matches group 2: {"status":"refund"})',
    received: '37 records, none with that id',
    curl: CURL,
    request: { method: 'GET', url: 'http://127.0.0.1:4010/requests/v3?limit=51', headers: { 'x-api-key': '<redacted>', accept: 'application/json' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"requests":[]}' },
  },
  counterexample: { filters: [{ status: 'success' }, { status: 'refund' }] },
  path: '0:1:2',
  replay: 'crosschain-conformance --seed 1234 --only requests-v3.filters.or-across-groups',
});

export const warning = outcome({
  id: 'requests-v3.records.superseded-resolves',
  status: 'warn',
  level: 'SHOULD',
  violation: { message: 'supersededByRequestId does not resolve', expected: 'a request with id 0xabc', received: 'no such request' },
});

export const skipped = outcome({ id: 'requests-v3.auth.other-key', status: 'skip', reason: 'needs --other-api-key' });
export const disabled = outcome({ id: 'requests-v2.rate-limit.probe', status: 'disabled', reason: 'turned off by --only' });
export const errored = outcome({ id: 'currencies.filters.tokens', status: 'error', operation: 'POST /currencies/v2', reason: 'TypeError: boom\n    at run (checks/currencies.ts:10:5)' });
export const passing = outcome({ id: 'currencies.limit.default', status: 'pass', operation: 'POST /currencies/v2' });
export const passing2 = outcome({ id: 'requests-v3.paging.walk', status: 'pass' });

/** One outcome of every status. */
export const mixed = runResult([passing, failing, warning, skipped, disabled, errored, passing2], {
  discovery: { window: { start: 1_763_600_000, end: 1_763_700_000 }, records: 3000, complete: true, currencies: 40, targetNow: '2026-11-21T10:00:00.000Z', problems: [] },
});

/** Everything passes. */
export const clean = runResult([passing, passing2, skipped]);

/** Strict run: the warning made the run fail. */
export const strict = runResult([passing, warning], { exitCode: 1, config: { strict: true, apiKey: '<redacted>' } });

/** Hostile text everywhere, a long body, and raw secrets an engine bug could leave behind. */
export const hostile = runResult(
  [
    outcome({
      id: 'requests-v3.filters.hostile',
      status: 'fail',
      title: HOSTILE,
      operation: 'GET /requests/v3',
      violation: {
        message: HOSTILE,
        expected: `${HOSTILE}\nsecond line`,
        received: 'x'.repeat(200_000),
        curl: `curl -H 'x-api-key: ${FAKE_KEY}' 'http://127.0.0.1:4010/requests/v3?term=%3Cscript%3E'`,
        request: { method: 'GET', url: 'http://127.0.0.1:4010/requests/v3?term=<script>', headers: { 'x-api-key': FAKE_KEY } },
        response: { status: 500, headers: { 'content-type': 'text/html' }, body: `<html>${HOSTILE}${'y'.repeat(300_000)}</html>` },
      },
      counterexample: { big: 10n, text: HOSTILE },
    }),
    outcome({ id: 'requests-v3.filters.skipped', status: 'skip', reason: HOSTILE }),
    outcome({ id: 'requests-v3.filters.error', status: 'error', reason: `x-api-key: ${FAKE_KEY}` }),
  ],
  {
    config: { apiKey: FAKE_KEY, otherApiKey: FAKE_KEY, nested: { token: FAKE_KEY }, hasApiKey: true, baseUrl: 'http://127.0.0.1:4010' },
    target: { baseUrl: 'http://127.0.0.1:4010/?q=<b>&x="1"', embedded: false },
    discovery: { window: { start: 0, end: 1 }, records: 0, complete: false, currencies: 0, targetNow: '2026-11-21T10:00:00.000Z', problems: [HOSTILE, `x-api-key: ${FAKE_KEY}`] },
    aborted: `target unreachable: x-api-key: ${FAKE_KEY} ${HOSTILE}`,
  },
);
