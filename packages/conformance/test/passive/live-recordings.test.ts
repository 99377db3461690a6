/**
 * The live service's own published traffic (test/fixtures/live-recordings, sources in its
 * SOURCES.md), audited: every violation the audit reports on it is explained by
 * a divergence of the live service catalogued in specs/clauses.yaml and carries that id; each
 * exchange is judged by the timeline of its own date (v2 answers from before the deprecation
 * signals went live are not failed for lacking them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauses } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { PassiveAuditor, type Finding } from '../../src/oracles/auditor.js';
import { EXPLAINING_DIVERGENCES } from '../../src/oracles/divergences.js';
import { readHar } from '../../src/passive/har.js';

const DIR = fileURLToPath(new URL('../fixtures/live-recordings/', import.meta.url));
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.har')).sort();
const DIVERGENCES = new Set(clauses.filter((c) => c.kind === 'divergence').map((c) => c.id));

function audit(file: string): { findings: Finding[]; auditor: PassiveAuditor; exchanges: number } {
  const auditor = new PassiveAuditor();
  const findings: Finding[] = [];
  const exchanges = readHar(readFileSync(join(DIR, file), 'utf8'), file);
  for (const o of exchanges) findings.push(...auditor.observe(o));
  return { findings, auditor, exchanges: exchanges.length };
}

describe('recordings of the live service', () => {
  it('are there, each cited in SOURCES.md', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(5);
    const sources = readFileSync(join(DIR, 'SOURCES.md'), 'utf8');
    for (const f of FILES) expect(sources, f).toContain(f);
  });

  it('every divergence the audit can name is catalogued in specs/clauses.yaml', () => {
    for (const id of EXPLAINING_DIVERGENCES) expect(DIVERGENCES.has(id), id).toBe(true);
  });

  it.each(FILES)('%s: every violation carries a catalogued divergence', (file) => {
    const { findings, auditor, exchanges } = audit(file);
    expect(exchanges).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.divergence, `${f.check}: ${f.message}`).toBeDefined();
      for (const id of f.divergence!.split(', ')) expect(DIVERGENCES.has(id), id).toBe(true);
    }
    const result = auditor.result({ startedAt: new Date(), target: 'https://api.relay.link', config: {}, replay: file });
    for (const o of result.outcomes.filter((x) => x.status === 'fail' || x.status === 'warn')) expect(o.violation?.divergence, o.id).toBeDefined();
  });

  it('the divergences the recordings show, by file', () => {
    const seen = Object.fromEntries(FILES.map((f) => [f, [...new Set(audit(f).findings.flatMap((x) => x.divergence!.split(', ')))].sort()]));
    expect(seen).toEqual({
      'relay-docs-deposit-address-superseded-v3.har': ['divergence.elided-samples'],
      'relay-docs-deposit-address-v2.har': [],
      // (its moonpayId, divergence.partner-id-name, lies beyond the 10 schema errors the validator reports)
      'relay-docs-migration-guide-v3.har': ['divergence.elided-samples', 'divergence.route-amount-partial', 'divergence.superseded-by-request-id-optional'],
      'relay-kit-openapi-examples.har': [],
      'suwappubot-live-probe-2026-09-07.har': ['divergence.intents-status-unknown'],
    });
  });

  it('judges a v2 answer by its own date: without signals before 2026-08-04 it passes, the same answer dated after fails', () => {
    const text = readFileSync(join(DIR, 'relay-docs-deposit-address-v2.har'), 'utf8');
    const before = new PassiveAuditor();
    for (const o of readHar(text, 'v2.har')) expect(before.observe(o)).toEqual([]);
    const after = new PassiveAuditor();
    const moved = readHar(text.replace('"2026-04-05T01:12:44.199Z"', '"2026-09-01T00:00:00.000Z"'), 'v2.har');
    const checks = moved.flatMap((o) => after.observe(o)).map((f) => [f.check, f.divergence]);
    expect(checks).toEqual(expect.arrayContaining([['requests-v2.deprecation.header', undefined], ['requests-v2.response.schema', undefined]]));
  });

  it('a violation no divergence explains stays unlabelled, and is the one kept as the reproduction', () => {
    const text = readFileSync(join(DIR, 'suwappubot-live-probe-2026-09-07.har'), 'utf8');
    const a = new PassiveAuditor();
    const [probe] = readHar(text, 'p.har');
    expect(a.observe(probe!)[0]?.divergence).toBe('divergence.intents-status-unknown');
    expect(a.observe({ ...probe!, bodyText: '{"status":"lost","inTxHashes":[],"txHashes":[],"time":1,"originChainId":1,"destinationChainId":1}' })[0]?.divergence).toBeUndefined();
    const outcome = a.result({ startedAt: new Date(), target: 'x', config: {}, replay: 'x' }).outcomes.find((o) => o.id === 'intents-status.response.schema');
    expect(outcome?.violation?.divergence).toBeUndefined();
    expect(outcome?.violation?.received).toMatch(/status/);
  });
});
