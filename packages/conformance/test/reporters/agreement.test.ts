/**
 * Every report of one sharded run tells the same numbers: each shard and the merge, read back from
 * the console, results.json, summary.md, report.html and junit.xml, agree on the coverage per
 * level (computed once, engine/coverage-summary.ts), on what the `--require` verdict counts, on the
 * traceability matrix's status of each clause, on the totals and on the requests. A shard's
 * clauses whose checks run in another shard are counted as such everywhere (they once read
 * "? uncovered | no check" in summary.md's matrix while its coverage table said "in another shard").
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { cliIo } from '../cli-io.js';

type Counts = { clauses: number; pass: number; fail: number; unjudged: number; untestable: number; otherShard: number; retired: number; dateFixed: number };
interface Results {
  requests: number;
  exitCode: number;
  totals: Record<string, number>;
  coverage: { levels: Partial<Record<'MUST' | 'SHOULD', Counts>>; require?: string; requiredUnjudged: number };
  completeness?: { unjudged?: { clauses: string[] } };
  clauses: Array<{ id: string; level?: 'MUST' | 'SHOULD'; status: string; coverage?: { state: string; reason?: string } }>;
}

const EXEMPT = new Set(['untestable', 'retired', 'date-fixed', 'other-shard']);

/** The coverage counted again from results.json's clause rows, independently of the kit's summary. */
function recount(doc: Results): Partial<Record<'MUST' | 'SHOULD', Counts>> {
  const out: Partial<Record<'MUST' | 'SHOULD', Counts>> = {};
  for (const c of doc.clauses) {
    if (!c.level || !c.coverage) continue;
    const n = (out[c.level] ??= { clauses: 0, pass: 0, fail: 0, unjudged: 0, untestable: 0, otherShard: 0, retired: 0, dateFixed: 0 });
    n.clauses += 1;
    if (c.coverage.state === 'pass') n.pass += 1;
    else if (c.coverage.state === 'fail') n.fail += 1;
    else if (c.coverage.reason === 'untestable') n.untestable += 1;
    else if (c.coverage.reason === 'other-shard') n.otherShard += 1;
    else if (c.coverage.reason === 'retired') n.retired += 1;
    else if (c.coverage.reason === 'date-fixed') n.dateFixed += 1;
    else n.unjudged += 1;
  }
  return out;
}

/** `MUST 4/81 judged (4 pass, 0 fail), 61 not judged, 10 untestable, 6 in another shard, 1 v2 retired` → counts. */
function parseLevelLine(text: string, level: string): Counts {
  const m = new RegExp(`${level} (\\d+)/(\\d+) judged \\((\\d+) pass, (\\d+) fail\\), (\\d+) not judged, (\\d+) untestable(?:, (\\d+) in another shard)?(?:, (\\d+) v2 retired)?(?:, (\\d+) at the embedded server only \\(date\\))?`).exec(text);
  expect(m, `${level} in ${text}`).not.toBeNull();
  const [, , clauses, pass, fail, unjudged, untestable, otherShard, retired, dateFixed] = m!.map(Number);
  return { clauses: clauses!, pass: pass!, fail: fail!, unjudged: unjudged!, untestable: untestable!, otherShard: otherShard || 0, retired: retired || 0, dateFixed: dateFixed || 0 };
}

/** The coverage table of summary.md or report.html: one row per level, the exempt columns by their titles. */
function parseTable(cells: string[][], header: string[]): Partial<Record<'MUST' | 'SHOULD', Counts>> {
  const col = (title: string) => header.findIndex((h) => h.toLowerCase().includes(title));
  const out: Partial<Record<'MUST' | 'SHOULD', Counts>> = {};
  for (const row of cells) {
    const level = row[0] as 'MUST' | 'SHOULD';
    const at = (title: string) => (col(title) < 0 ? 0 : Number(row[col(title)]));
    out[level] = { clauses: at('clauses'), pass: at('pass'), fail: at('fail'), unjudged: at('not judged'), untestable: at('untestable'), otherShard: at('another shard'), retired: at('retired'), dateFixed: at('embedded server only') };
  }
  return out;
}

function markdownCoverage(md: string): Partial<Record<'MUST' | 'SHOULD', Counts>> {
  const section = md.slice(md.indexOf('### Coverage of the contract'));
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  const split = (l: string) => l.split('|').slice(1, -1).map((c) => c.trim());
  const header = split(lines[0]!);
  return parseTable(lines.slice(2).filter((l) => /^\| (MUST|SHOULD) \|/.test(l)).map(split), header);
}

function htmlCoverage(html: string): Partial<Record<'MUST' | 'SHOULD', Counts>> {
  const section = html.slice(html.indexOf('Coverage of the contract'));
  const table = section.slice(0, section.indexOf('</table>'));
  const header = [...table.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1]!);
  const rows = [...table.matchAll(/<tr><td>(MUST|SHOULD)<\/td>(.*?)<\/tr>/g)].map((m) => [m[1]!, ...[...m[2]!.matchAll(/<td class="n">(\d+)<\/td>/g)].map((c) => c[1]!)]);
  return parseTable(rows, header);
}

/** summary.md's traceability matrix: clause id → status word. */
function markdownMatrix(md: string): Map<string, string> {
  const section = md.slice(md.indexOf('Clause traceability'));
  const rows = [...section.matchAll(/^\| `([^`]+)` \| (?:MUST|SHOULD)? \| \S+ ([a-z-]+) \|/gm)];
  return new Map(rows.map((m) => [m[1]!, m[2]!]));
}

const dir = mkdtempSync(join(tmpdir(), 'conformance-agreement-'));
// With a selection (clauses deselected, so the gate counts some), in two shards.
const common = ['--only', 'currencies-v2,requests-v2,requests-v3.auth', '--mock-records', '300', '--mock-now', '2026-12-01T12:00:00Z', '--seed', '4', '--num-runs', '3', '--quiet', '--require', 'must'];
const consoles = new Map<string, string>();

beforeAll(async () => {
  for (const i of [1, 2]) {
    const t = cliIo({}, dir);
    await main([...common, '--shard', `${i}/2`, '--report-dir', `shard-${i}`], t.io);
    consoles.set(`shard-${i}`, t.out.join(''));
  }
  const merge = cliIo({}, dir);
  await main(['merge-reports', 'shard-1', 'shard-2', '--report-dir', 'merged'], merge.io);
  consoles.set('merged', merge.out.join(''));
}, 240_000);

describe.each(['shard-1', 'shard-2', 'merged'])('%s: every report agrees', (name) => {
  const read = (file: string) => readFileSync(join(dir, name, file), 'utf8');

  it('coverage per level: results.json (as recounted from its clauses), the console, summary.md, report.html and junit.xml', () => {
    const doc = JSON.parse(read('results.json')) as Results;
    const levels = doc.coverage.levels;
    expect(levels).toEqual(recount(doc));
    const consoleText = consoles.get(name)!;
    const coverageLine = /^Coverage: +(.*)$/m.exec(consoleText)![1]!;
    const junit = read('junit.xml');
    for (const level of ['MUST', 'SHOULD'] as const) {
      expect(parseLevelLine(coverageLine, level), `console ${level}`).toEqual(levels[level]);
      const property = new RegExp(`name="coverage\\.${level}" value="([^"]*)"`).exec(junit)![1]!;
      expect(parseLevelLine(property, level), `junit ${level}`).toEqual(levels[level]);
    }
    expect(markdownCoverage(read('summary.md'))).toEqual(levels);
    expect(htmlCoverage(read('report.html'))).toEqual(levels);
  });

  it('the --require verdict counts what the coverage calls not judged at the required level, in every format', () => {
    const doc = JSON.parse(read('results.json')) as Results;
    const counted = doc.coverage.levels.MUST!.unjudged;
    expect(doc.coverage.requiredUnjudged).toBe(counted);
    expect(doc.completeness?.unjudged?.clauses ?? []).toHaveLength(counted);
    const sentence = counted === 0 ? undefined : new RegExp(`--require must: ${counted} MUST clauses? not judged`);
    if (sentence) {
      expect(consoles.get(name)).toMatch(sentence);
      expect(read('summary.md')).toMatch(sentence);
      expect(read('report.html')).toMatch(sentence);
    }
    // The merge judges every clause of the selection; a shard alone leaves some to the other.
    if (name === 'merged') expect(doc.coverage.levels.MUST!.otherShard).toBe(0);
    else expect(doc.coverage.levels.MUST!.otherShard + doc.coverage.levels.SHOULD!.otherShard).toBeGreaterThan(0);
  });

  it('the traceability matrix: summary.md and results.json give each clause the same status, and none whose checks ran elsewhere reads "uncovered"', () => {
    const doc = JSON.parse(read('results.json')) as Results;
    const matrix = markdownMatrix(read('summary.md'));
    expect(matrix.size).toBe(doc.clauses.length);
    for (const c of doc.clauses) {
      expect(matrix.get(c.id), c.id).toBe(c.status);
      if (c.status === 'uncovered') expect(c.coverage?.reason ?? 'not-in-run', c.id).toBe('not-in-run');
      if (c.coverage?.reason === 'other-shard') expect(c.status, c.id).not.toBe('uncovered');
    }
    expect(doc.clauses.some((c) => c.status === 'not-run')).toBe(true);
    expect(read('report.html')).not.toMatch(/data-status="uncovered"><td><code>requests-v3\.auth\./);
  });

  it('totals and requests: the console, results.json, summary.md and report.html', () => {
    const doc = JSON.parse(read('results.json')) as Results;
    const consoleText = consoles.get(name)!;
    expect(Number(/^Requests: +(\d+)/m.exec(consoleText)![1])).toBe(doc.requests);
    const checks = /^Checks: +(\d+) — (\d+) pass, (\d+) fail, (\d+) warn, (\d+) known, (\d+) skip, (\d+) disabled, (\d+) error/m.exec(consoleText)!.slice(1).map(Number);
    expect(checks).toEqual([doc.totals.checks, doc.totals.pass, doc.totals.fail, doc.totals.warn, doc.totals.known, doc.totals.skip, doc.totals.disabled, doc.totals.error]);
    expect(read('summary.md')).toMatch(new RegExp(`\\| ${doc.requests} \\|\\n`));
    expect(read('report.html')).toContain(`<dt>Requests</dt><dd>${doc.requests}</dd>`);
    // junit.xml: one test case per check, and the run's own (`run.complete`, the --require gate) apart.
    const cases = [...read('junit.xml').matchAll(/<testcase classname="([^"]*)"/g)].filter((m) => m[1] !== 'run');
    expect(cases).toHaveLength(doc.totals.checks);
  });
});
