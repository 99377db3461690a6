/**
 * `junit.xml` for CI test tabs (peers.md §3 lesson 10: one test case per check × operation).
 * One `<testsuite>` per check family; `fail` is a `<failure>`, `error` an `<error>`, `skip` and
 * `disabled` are `<skipped>` (OCI maps both so), `warn` passes with the warning in `<system-out>`
 * unless the run was `--strict`, where it is a `<failure>`.
 */
import { unjudgedList } from '../engine/coverage.js';
import { summaryLevelLine, summaryLevels } from '../engine/coverage-summary.js';
import type { CheckOutcome, RunResult } from '../contract/types.js';
import { renderOutcomeBlock } from './console.js';
import { coverageOf, familySummaries, isStrict, verdict } from './summary.js';
import { sanitizeResult, truncate, xmlAttr, xmlText } from './text.js';

/** Longest response body excerpt inside a failure, in characters. */
const MAX_BODY_IN_FAILURE = 8 * 1024;

function seconds(ms: number): string {
  return (Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0).toFixed(3);
}

function details(o: CheckOutcome): string {
  let text = renderOutcomeBlock(o, { color: false, maxValueLength: 8000 });
  const res = o.violation?.response;
  if (res) {
    text += `\n  Response:  HTTP ${res.status}\n${truncate(res.body ?? '', MAX_BODY_IN_FAILURE)}`;
  }
  return text;
}

function testcase(o: CheckOutcome, strict: boolean): string {
  const open = `    <testcase classname="${xmlAttr(`${o.family} / ${o.operation}`)}" name="${xmlAttr(o.id)}" time="${seconds(o.durationMs)}"`;
  const message = (text: string) => xmlAttr(truncate(text, 1000));
  switch (o.status) {
    case 'pass':
      return `${open}/>`;
    case 'fail':
      return `${open}>\n      <failure message="${message(o.violation?.message ?? o.reason ?? 'failed')}" type="${o.level}">${xmlText(details(o))}</failure>\n    </testcase>`;
    case 'warn':
      if (strict) {
        return `${open}>\n      <failure message="${message(o.violation?.message ?? o.reason ?? 'warning')}" type="SHOULD (strict)">${xmlText(details(o))}</failure>\n    </testcase>`;
      }
      return `${open}>\n      <system-out>${xmlText(`warning (SHOULD clause):\n${details(o)}`)}</system-out>\n    </testcase>`;
    case 'known':
      return `${open}>\n      <system-out>${xmlText(`${o.violation?.divergence ? `catalogued divergence ${o.violation.divergence} (${o.reason ?? ''})` : (o.reason ?? 'known failure')}:\n${details(o)}`)}</system-out>\n    </testcase>`;
    case 'skip':
      return `${open}>\n      <skipped message="${message(o.reason ?? 'skipped')}"/>\n    </testcase>`;
    case 'disabled':
      return `${open}>\n      <skipped message="${message(`disabled: ${o.reason ?? 'turned off by configuration'}`)}"/>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error message="${message(o.reason ?? o.violation?.message ?? 'error')}" type="error">${xmlText(details(o))}</error>\n    </testcase>`;
    default:
      return `${open}>\n      <error message="${message(`unknown status ${String(o.status)}`)}" type="error"/>\n    </testcase>`;
  }
}

/**
 * A `run` suite with one failed test case `run.complete` when the configuration kept the run from
 * testing (refused key, incomplete, --certify skips), so a CI test tab never shows it green.
 */
function runSuite(result: RunResult): string | undefined {
  const c = result.completeness;
  if (!c || result.exitCode === 0) return undefined;
  const v = verdict(result);
  const text = xmlAttr(truncate(v.sentence, 1000));
  return [
    `  <testsuite name="run" tests="1" failures="1" errors="0" skipped="0" time="0.000" timestamp="${xmlAttr(result.startedAt)}">`,
    `    <testcase classname="run" name="run.complete" time="0.000">`,
    `      <failure message="${text}" type="${xmlAttr(v.word)}">${xmlText(v.sentence)}</failure>`,
    '    </testcase>',
    '  </testsuite>',
  ].join('\n');
}

/**
 * Coverage of the contract as properties (coverage.ts): `coverage.MUST`, `coverage.SHOULD` (counts)
 * and `coverage.unjudged` (the clauses not judged, with the reason; at most 20 named).
 */
function coverageProperties(result: RunResult): Array<[string, string]> {
  const summary = coverageOf(result);
  if (!summary) return [];
  const out: Array<[string, string]> = summaryLevels(summary).map(([l, c]) => [`coverage.${l}`, summaryLevelLine(l, c)]);
  const unjudged = result.clauses.filter((c) => c.coverage?.state === 'unjudged' && c.coverage.reason !== 'untestable');
  if (unjudged.length > 0) out.push(['coverage.unjudged', unjudgedList(unjudged, 20)]);
  if (typeof result.config?.require === 'string') out.push(['require', result.config.require]);
  return out;
}

/** junit.xml text (UTF-8), every value XML-escaped. */
export function renderJunit(raw: RunResult): string {
  const result = sanitizeResult(raw);
  const strict = isStrict(result);
  const failed = (o: CheckOutcome) => o.status === 'fail' || (strict && o.status === 'warn');
  const properties = [
    ...(result.passive ? [['observed-by', `crosschain-conformance ${result.passive.command}`]] : [['seed', String(result.seed)]]),
    ['spec.hash', result.spec.hash],
    ['kit', `${result.kit.name}@${result.kit.version}`],
    ['target', result.target.baseUrl],
    ['embedded', String(result.target.embedded)],
    ['strict', String(strict)],
    ...coverageProperties(result),
  ]
    .map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`)
    .join('\n');

  const suites = familySummaries(result.outcomes, result.passive?.exchangesByFamily).map((f) => {
    const outcomes = result.outcomes.filter((o) => o.family === f.family);
    const failures = outcomes.filter(failed).length;
    return [
      `  <testsuite name="${xmlAttr(f.family)}" tests="${outcomes.length}" failures="${failures}" errors="${f.counts.error}" skipped="${f.counts.skip + f.counts.disabled}" time="${seconds(f.durationMs)}" timestamp="${xmlAttr(result.startedAt)}">`,
      '    <properties>',
      properties,
      '    </properties>',
      ...outcomes.map((o) => testcase(o, strict)),
      '  </testsuite>',
    ].join('\n');
  });

  const run = runSuite(result);
  if (run) suites.push(run);
  const all = result.outcomes;
  const extra = run ? 1 : 0;
  const head = `<testsuites name="${xmlAttr(result.kit.name)}" tests="${all.length + extra}" failures="${all.filter(failed).length + extra}" errors="${all.filter((o) => o.status === 'error').length}" skipped="${all.filter((o) => o.status === 'skip' || o.status === 'disabled').length}" time="${seconds(result.durationMs)}" timestamp="${xmlAttr(result.startedAt)}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n');
}
