/**
 * Reports of passive runs, from a real auditor run: no seed, the upstream as
 * the target, a curl to the upstream without the proxy's Host, and violations labelled with a
 * catalogued divergence shown as such in every format (console, text block, markdown, HTML, JUnit,
 * results.json), apart from new violations; divergences fail, labelled, unless accepted (--accept-divergences), and a new one always does.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import type { PassiveRule } from '../../src/oracles/index.js';
import { renderConsole, renderOutcomeBlock } from '../../src/reporters/console.js';
import { renderHtml } from '../../src/reporters/html.js';
import { resultsSchema } from '../../src/reporters/index.js';
import { renderJson } from '../../src/reporters/json.js';
import { renderJunit } from '../../src/reporters/junit.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { findAll, parseXml } from './mini-xml.js';

const UPSTREAM = 'https://api.upstream.test';
const DIV = 'divergence.nullable-fields';

/** One exchange as the proxy reports it: the headers it sent upstream (no Host of its own). */
function exchange(field: string): ObservedExchange {
  return {
    method: 'GET',
    url: `${UPSTREAM}/intents/status?requestId=0x01&field=${field}`,
    requestHeaders: { 'x-api-key': 'sk-FAKE-abcdef123456', 'user-agent': 'tanstack' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ status: 'pending', [field]: null }),
    durationMs: 1,
  };
}

/** A rule that sees `nullable` as a catalogued divergence and any other null field as a new violation. */
const rule: PassiveRule = {
  id: 'intents-status.response.schema',
  applies: () => true,
  judge(s) {
    const body = s.exchange.response!.json as Record<string, unknown>;
    const field = Object.keys(body).find((k) => body[k] === null);
    if (!field) return undefined;
    return { message: `${field} is null`, expected: 'a string', received: 'null', where: `/${field}`, rule: 'type', ...(field === 'nullable' ? { divergence: DIV } : {}) };
  },
};

function run(fields: string[], command: 'proxy' | 'audit' = 'proxy', acceptDivergences = true) {
  const a = new PassiveAuditor({ rules: [rule], acceptDivergences });
  for (const f of fields) a.observe(exchange(f));
  return a.result({ startedAt: new Date('2026-11-24T00:00:00Z'), target: UPSTREAM, config: { command, upstream: UPSTREAM }, replay: `crosschain-conformance proxy --upstream ${UPSTREAM}` });
}

describe('passive reports', () => {
  it('divergences alone, not accepted: the document wins, the check fails (exit 1), labelled', () => {
    const result = run(['nullable'], 'proxy', false);
    expect(result.exitCode).toBe(1);
    expect(result.outcomes[0]).toMatchObject({ status: 'fail', violation: { divergence: DIV } });
    expect(renderConsole(result)).toContain(`Divergence: ${DIV} (catalogued divergence of the live service`);
  });

  it('divergences alone, accepted (--accept-divergences): outcome known, exit 0, labelled in every format, no seed, the upstream as the target', () => {
    const result = run(['nullable', 'nullable']);
    expect(result.exitCode).toBe(0);
    const [o] = result.outcomes;
    expect(o).toMatchObject({ status: 'known', violation: { divergence: DIV, where: '/nullable' }, reason: `2 of 2 exchanges violate it; 2 of them catalogued divergence of the live service (${DIV})` });

    const consoleText = renderConsole(result);
    expect(consoleText).toContain(`Divergence: ${DIV} (catalogued divergence of the live service`);
    expect(consoleText).toContain(`Target:    ${UPSTREAM} (upstream of the validating proxy)`);
    expect(consoleText).not.toMatch(/^Seed:/m);
    expect(consoleText).not.toContain('Baseline:');
    expect(consoleText).toMatch(/Seen: +2 of 2 exchanges violate it/);
    expect(consoleText).toMatch(/PASSED \(exit 0\).*1 known \(catalogued divergence or baseline\)/);
    expect(renderOutcomeBlock(o!)).toContain(`Divergence: ${DIV}`);

    const md = renderMarkdown(result);
    expect(md).toContain('**Divergence:**');
    expect(md).toContain(`\\[${DIV}\\] nullable is null`);
    expect(md).toContain('| Target | Observed by |');
    expect(md).not.toContain('Seed');
    expect(md).not.toContain('**Baseline:**');

    const html = renderHtml(result);
    expect(html).toContain(`<p class="divergence">Divergence: ${DIV}`);
    expect(html).not.toContain('<dt>Seed</dt>');
    expect(html).not.toMatch(/<th>Seed<\/th>|>Seed</);

    const junit = parseXml(renderJunit(result));
    const cases = findAll(junit, 'testcase');
    expect(findAll(junit, 'failure')).toHaveLength(0);
    const out = findAll(cases[0]!, 'system-out')[0]!;
    expect(out.text).toContain(`catalogued divergence ${DIV}`);
    const props = findAll(junit, 'property').map((p) => p.attrs.name);
    expect(props).toContain('observed-by');
    expect(props).not.toContain('seed');

    const json = JSON.parse(renderJson(result)) as Record<string, unknown> & { outcomes: Array<Record<string, unknown> & { violation: Record<string, unknown> }> };
    expect(json.seed).toBeUndefined();
    expect(json.passive).toEqual({ command: 'proxy' });
    expect(json.outcomes[0]!.seed).toBeUndefined();
    expect(json.outcomes[0]!.violation).toMatchObject({ divergence: DIV, where: '/nullable', rule: 'type' });
    expect(json.outcomes[0]!.violations).toEqual([expect.objectContaining({ divergence: DIV, count: 2 })]);
    expect(new Ajv2020({ strict: true, allErrors: true, validateFormats: false }).validate(resultsSchema, json)).toBe(true);
  });

  it('a new violation beside a divergence fails the run (exit 1) and is shown first; the divergence is listed apart, labelled', () => {
    const result = run(['nullable', 'other', 'nullable'], 'audit');
    expect(result.exitCode).toBe(1);
    const [o] = result.outcomes;
    expect(o).toMatchObject({ status: 'fail', violation: { message: 'other is null' } });
    expect(o!.violation!.divergence).toBeUndefined();

    const consoleText = renderConsole(result);
    expect(consoleText).toContain(`Target:    ${UPSTREAM} (recorded traffic)`);
    expect(consoleText).toMatch(/Violations:\n {4}\[new\] other is null at \/other \(1×\)\n {4}\[divergence\.nullable-fields\] nullable is null at \/nullable \(2×\)/);
    expect(consoleText).not.toContain('Divergence:');

    expect(renderMarkdown(result)).toContain(`- \\[new\\] other is null at /other (1×)\n- \\[${DIV}\\] nullable is null at /nullable (2×)`);
    expect(renderHtml(result)).toContain(`<ul class="kinds"><li>[new] other is null at /other (1×)</li><li>[${DIV}] nullable is null at /nullable (2×)</li></ul>`);
    const junit = parseXml(renderJunit(result));
    const failure = findAll(junit, 'failure')[0]!;
    expect(failure.attrs.message).toBe('other is null');
    expect(failure.text).toContain(`[${DIV}] nullable is null`);
    const json = JSON.parse(renderJson(result)) as { passive: unknown; outcomes: Array<{ violations: Array<{ divergence?: string; count: number }> }> };
    expect(json.passive).toEqual({ command: 'audit' });
    expect(json.outcomes[0]!.violations.map((k) => [k.divergence, k.count])).toEqual([[DIV, 2], [undefined, 1]]);
  });

  it('the word Baseline labels only what a baseline did; an active run keeps its seed and target', () => {
    const base = run(['other']).outcomes[0]!;
    expect(renderOutcomeBlock({ ...base, status: 'known', reason: 'known failure (baseline: T-1; expires 2026-12-31)' })).toMatch(/Baseline: +known failure/);
    expect(renderOutcomeBlock({ ...base, reason: 'the relation could not be measured on stable data' })).toMatch(/Note: +the relation/);
    const active = { ...run(['other']), passive: undefined, seed: 42 };
    expect(renderConsole(active)).toMatch(/^Seed: +42$/m);
    expect(renderConsole(active)).toContain(`Target:    ${UPSTREAM}\n`);
    expect(JSON.parse(renderJson(active))).toMatchObject({ seed: 42 });
  });

  it('the curl of a passive violation goes to the upstream, with the key as the variable the kit reads and no Host header', () => {
    const a = new PassiveAuditor({ rules: [rule] });
    a.observe({ ...exchange('other'), requestHeaders: { ...exchange('other').requestHeaders, host: '127.0.0.1:8080', connection: 'keep-alive', ':authority': '127.0.0.1:8080' } });
    const curl = a.result({ startedAt: new Date(), target: UPSTREAM, config: { command: 'proxy' }, replay: 'x' }).outcomes[0]!.violation!.curl!;
    expect(curl).toContain(`'${UPSTREAM}/intents/status?requestId=0x01&field=other'`);
    expect(curl).not.toMatch(/host:|connection:|:authority|127\.0\.0\.1|abcdef123456/i);
    expect(curl).toContain('-H "x-api-key: $CONFORMANCE_API_KEY"');
  });

  it('counts exchanges as requests: two checks of one family judging the same 5 exchanges make 5 requests, not 10, in the console and results.json', () => {
    const other: PassiveRule = { id: 'intents-status.auth.optional', applies: () => true, judge: () => undefined };
    const a = new PassiveAuditor({ rules: [rule, other] });
    for (let i = 0; i < 5; i += 1) a.observe(exchange('fine'));
    const result = a.result({ startedAt: new Date('2026-11-24T00:00:00Z'), target: UPSTREAM, config: { command: 'audit' }, replay: 'x' });
    expect(result.requests).toBe(5);
    expect(result.outcomes.map((o) => [o.id, o.requests])).toEqual([
      ['intents-status.response.schema', 5],
      ['intents-status.auth.optional', 5],
    ]);
    const family = result.outcomes[0]!.family;
    expect(result.outcomes[1]!.family).toBe(family);
    const doc = JSON.parse(renderJson(result)) as { requests: number; families: Array<{ family: string; requests: number }> };
    expect(doc.families).toEqual([expect.objectContaining({ family, requests: 5 })]);
    const text = renderConsole(result, { color: false });
    const row = text.split('\n').find((l) => l.trim().startsWith(`${family} `))!;
    expect(row.trim().split(/\s+/)[8]).toBe('5'); // family, 7 statuses, requests, time
    expect(text).toMatch(/^Requests: +5$/m);
  });
});
