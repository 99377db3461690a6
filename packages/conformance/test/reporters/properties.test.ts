import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckOutcome, OutcomeStatus, RunResult } from '../../src/contract/types.js';
import { renderConsole, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../src/reporters/index.js';
import { FAKE_KEY } from './fixtures.js';
import { findAll, parseXml } from './mini-xml.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../src/reporters/results.schema.json', import.meta.url), 'utf8')));

const STATUSES: OutcomeStatus[] = ['pass', 'fail', 'warn', 'skip', 'disabled', 'error'];

/** Any text a target can send back: code points of every plane, lone surrogates, controls. */
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 30, unit: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) }),
  fc.constantFrom('<script>alert(1)</script>', ']]>', '```', '&amp;', '|', `x-api-key: ${FAKE_KEY}`, '\u001b[31m', '\r\n'),
);
const ident = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}(\.[a-z0-9-]{1,8}){1,2}$/);

const outcomeArb: fc.Arbitrary<CheckOutcome> = fc
  .record({
    id: ident,
    title: text,
    operation: text,
    clauses: fc.array(ident, { maxLength: 3 }),
    level: fc.constantFrom('MUST' as const, 'SHOULD' as const),
    status: fc.constantFrom(...STATUSES),
    durationMs: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.constant(Number.NaN)),
    reason: text,
    message: text,
    expected: text,
    received: text,
    curl: fc.option(text, { nil: undefined }),
    body: text,
    httpStatus: fc.integer({ min: 100, max: 599 }),
    counterexample: fc.option(fc.jsonValue(), { nil: undefined }),
    requests: fc.nat(1000),
  })
  .map((r) => ({
    id: r.id,
    family: r.id.split('.').slice(0, -1).join('.'),
    title: r.title,
    operation: r.operation,
    clauses: r.clauses,
    level: r.level,
    status: r.status,
    durationMs: r.durationMs,
    reason: r.status === 'pass' ? undefined : r.reason,
    violation:
      r.status === 'fail' || r.status === 'warn'
        ? {
            message: r.message,
            expected: r.expected,
            received: r.received,
            curl: r.curl,
            request: { method: 'GET', url: 'http://t/requests/v3', headers: { 'x-api-key': FAKE_KEY } },
            response: { status: r.httpStatus, headers: { 'content-type': r.operation }, body: r.body },
          }
        : undefined,
    counterexample: r.counterexample,
    seed: 42,
    replay: `crosschain-conformance --seed 42 --only ${r.id}`,
    requests: r.requests,
  }));

const resultArb: fc.Arbitrary<RunResult> = fc
  .record({ outcomes: fc.array(outcomeArb, { maxLength: 8 }), exitCode: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const, 4 as const), baseUrl: text, strict: fc.boolean() })
  .map(({ outcomes, exitCode, baseUrl, strict }) => {
    const totals = Object.fromEntries(STATUSES.map((s) => [s, outcomes.filter((o) => o.status === s).length])) as Record<OutcomeStatus, number>;
    return {
      kit: { name: '@crosschain/conformance', version: '0.1.0' },
      spec: { hash: 'abc' },
      startedAt: '2026-11-21T10:00:00.000Z',
      finishedAt: '2026-11-21T10:00:01.000Z',
      durationMs: 1000,
      config: { apiKey: FAKE_KEY, strict },
      seed: 42,
      target: { baseUrl, embedded: false },
      outcomes,
      totals,
      requests: outcomes.reduce((n, o) => n + o.requests, 0),
      exitCode,
      clauses: [...new Set(outcomes.flatMap((o) => o.clauses))].map((id) => ({
        id,
        kind: 'clause',
        checks: outcomes.filter((o) => o.clauses.includes(id)).map((o) => ({ id: o.id, status: o.status })),
      })),
    };
  });

describe('reporters on arbitrary run results', () => {
  it('never throw, stay well-formed and valid, and never show the key', () => {
    fc.assert(
      fc.property(resultArb, (result) => {
        const outputs = [renderConsole(result), renderConsole(result, { color: true }), renderJson(result), renderJunit(result), renderMarkdown(result), renderHtml(result)];
        for (const out of outputs) expect(out).not.toContain(FAKE_KEY);
        const doc = JSON.parse(outputs[2]);
        expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
        const xml = parseXml(outputs[3]);
        expect(findAll(xml, 'testcase')).toHaveLength(result.outcomes.length);
        expect(outputs[5].match(/<script/g)).toHaveLength(1);
      }),
      { seed: 20261121, numRuns: 150 },
    );
  });
});
