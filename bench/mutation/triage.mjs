/**
 * Renders bench/mutation/TRIAGE.md from triage.json (the source of truth: one entry per undetected
 * mutant, keyed by its content key, see lib/mutants.mjs). With `--result <result.json>` (a run's
 * machine-readable result, bench/mutation/out/result.json by default when present) it first
 * records that run's figures in triage.json and checks that every undetected mutant of the run has
 * an entry; it exits 1 and lists the missing ones otherwise. A Stryker run's figures go to `run`,
 * a constants pass's (constants.mjs, `figures.pass` = 'constants') to `constantsRun`, so each pass
 * keeps its own last run and the rendered file lists the entries of both.
 *
 *   node bench/mutation/triage.mjs [--result bench/mutation/out/result.json]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTriage, scores } from './lib/mutants.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const TRIAGE = join(HERE, 'triage.json');
const argv = process.argv.slice(2);
const at = argv.indexOf('--result');
const resultFile = at >= 0 ? argv[at + 1] : undefined;

const doc = JSON.parse(readFileSync(TRIAGE, 'utf8'));
/** A run's key in `constantsRuns`: its sample seed, and its date when that seed was run before (a re-run keeps both). */
const runKey = (runs, r) => (runs?.[String(r.sampleSeed)] && runs[String(r.sampleSeed)].date !== r.date ? `${r.sampleSeed} ${r.date}` : String(r.sampleSeed));
/** A file written before the Stryker runs were kept by seed holds one `run`. */
const legacyStryker = (d) => (d.run ? { [runKey(d.runs, d.run)]: d.run } : {});
/** A file written before the runs were kept by seed holds one `constantsRun`. */
const legacyConstants = (d) => (d.constantsRun ? { [runKey(d.constantsRuns, d.constantsRun)]: d.constantsRun } : {});
const entries = parseTriage(doc);

if (resultFile) {
  if (!existsSync(resultFile)) {
    console.error(`triage: no result at ${resultFile}`);
    process.exit(2);
  }
  const { figures, mutants } = JSON.parse(readFileSync(resultFile, 'utf8'));
  // The constants pass's rows name no mutator (every one is a NumericLiteral) and it has no crash count.
  const constants = figures.pass === 'constants';
  // A timeout the triage shows was the machine's load, not the mutant (`loadTimeout`: the same
  // mutant's run finished and passed elsewhere), counts as undetected.
  const loadTimeouts = mutants.filter((m) => m.status === 'timeout' && entries.get(m.key)?.loadTimeout);
  const undetected = mutants.filter((m) => m.status === 'survived' || m.status === 'no-coverage' || loadTimeouts.includes(m));
  const missing = undetected.filter((m) => !entries.has(m.key));
  for (const m of undetected) {
    const e = entries.get(m.key);
    if (e) Object.assign(e, { where: m.where, mutator: m.mutator ?? (constants ? 'NumericLiteral' : undefined), original: m.original, replacement: m.replacement, status: m.status, ...(m.changed ? { changed: m.changed } : {}) });
    else if (m.status === 'timeout') continue;
  }
  const cls = (c) => undetected.filter((m) => entries.get(m.key)?.class === c).length;
  const killed = figures.killed + (figures.killedByCrash ?? 0) + figures.timeout - loadTimeouts.length;
  const s = scores({ killed, survived: undetected.length, gaps: cls('gap'), untriaged: missing.length });
  const recorded = { ...figures, triaged: { equivalent: cls('equivalent'), unconstrained: cls('unconstrained'), gap: cls('gap'), untriaged: missing.length }, contractScore: s.contractScore, contractScoreUntriagedAsGaps: s.contractScoreUntriagedAsGaps, loadTimeouts: loadTimeouts.length, keys: undetected.map((m) => m.key) };
  if (constants) {
    // Each constants sample keeps its own figures, by sample seed: a fresh seed's figure is reported
    // beside the seeds triaged before it, not in place of them.
    const runs = { ...doc.constantsRuns, ...legacyConstants(doc) };
    doc.constantsRuns = { ...runs, [runKey(runs, recorded)]: recorded };
    delete doc.constantsRun;
  } else {
    // Each Stryker sample keeps its figures too, by sample seed (a re-run of a seed by its date).
    const runs = { ...doc.runs, ...legacyStryker(doc) };
    doc.runs = { ...runs, [runKey(runs, recorded)]: recorded };
    delete doc.run;
  }
  doc.entries = Object.fromEntries(entries);
  writeFileSync(TRIAGE, `${JSON.stringify(doc, null, 2)}\n`);
  if (missing.length) {
    console.error(`triage: ${missing.length} undetected mutant(s) of the run have no entry:`);
    for (const m of missing) console.error(`  ${m.status} ${m.where} ${m.mutator}: ${JSON.stringify(m.original.slice(0, 80))} -> ${JSON.stringify(m.replacement.slice(0, 80))}\n    key ${JSON.stringify(m.key)}`);
    process.exitCode = 1;
  }
}

const runs = Object.values({ ...doc.runs, ...legacyStryker(doc) }).sort((a, b) => String(a.date).localeCompare(String(b.date)));
const constantsRuns = Object.values({ ...doc.constantsRuns, ...legacyConstants(doc) }).sort((a, b) => String(a.date).localeCompare(String(b.date)));
const pct = (x) => (x === undefined || x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const code = (s) => {
  const one = String(s).replace(/\s+/g, ' ').trim();
  const short = one.length > 110 ? `${one.slice(0, 107)}...` : one;
  return `\`${short.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
};
const cell = (s) => String(s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const inRun = runs.length || constantsRuns.length ? new Set([...runs.flatMap((r) => r.keys ?? []), ...constantsRuns.flatMap((c) => c.keys ?? [])]) : undefined;
const list = [...entries.entries()].filter(([k]) => !inRun || inRun.has(k)).sort(([, a], [, b]) => String(a.where).localeCompare(String(b.where), 'en', { numeric: true }));
const of = (c) => list.filter(([, e]) => e.class === c);
const changed = (e) => (e.changed?.length ? ` Checks that changed status: ${e.changed.map((c) => `${c.id} ${c.from}→${c.to}`).join(', ')}.` : '');

const out = [];
out.push('# Mutation triage of the reference server');
out.push('');
out.push('Generated by `node bench/mutation/triage.mjs` from `triage.json` (edit that file, not this one).');
out.push('Every mutant of the runs below (a Stryker run, and the constants pass of constants.mjs) that the kit did not detect (survived: the kit passed against it;');
out.push('no coverage: the kit\'s run never executes its code) is classified:');
out.push('');
out.push('- **gap**: the mutant breaks a statement of the API document and the kit passes: the rule it breaks and the check that should catch it;');
out.push('- **unconstrained**: the mutant changes only what the document leaves open: the sentence that leaves it open;');
out.push('- **equivalent**: no observable difference (or none at the run\'s settings that the contract could see): why.');
out.push('');
out.push('Contract score = killed / (killed + gaps), killed counting timeouts and crashes. The kit is the one');
out.push('of the branch this file was written on; after merging new checks, re-run `pnpm bench:mutation`');
out.push('with the same flags and `node bench/mutation/triage.mjs --result bench/mutation/out/result.json` (the constants pass: its own `--out` directory\'s result.json):');
out.push('entries are keyed by content (file, mutator, original text, replacement, occurrence), so they still');
out.push('match after lines move; a gap that is now killed drops out of the list.');
out.push('');
if (runs.length) {
  out.push('## The Stryker runs');
  out.push('');
  out.push('Each sample keeps its row (by sample seed): a fresh seed is reported beside the seeds triaged before it.');
  out.push('');
  out.push('| date | sample (seed) | server clock, kit seed, data | killed | of which timeout | crash | survived | no coverage | equivalent | unconstrained | gaps | untriaged | mutation score | contract score | time, load average at the end |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const run of runs) {
    const lt = run.loadTimeouts ?? 0;
    const k = run.killed + run.killedByCrash + run.timeout - lt;
    const data = run.advanceEveryMs ? `moving (a status step every ${run.advanceEveryMs} ms)` : 'still';
    out.push(`| ${run.date.slice(0, 10)} | ${run.sampled} of ${run.eligible} (seed ${run.sampleSeed}) | ${run.now}, ${run.kitSeed}, ${data} | ${k} | ${run.timeout - lt} | ${run.killedByCrash} | ${run.survived + lt} | ${run.noCoverage} | ${run.triaged.equivalent} | ${run.triaged.unconstrained} | ${run.triaged.gap} | ${run.triaged.untriaged} | ${pct(k / (k + run.survived + lt + run.noCoverage))} | **${pct(run.contractScore)}** | ${Math.round(run.strykerSeconds)} s in Stryker${run.cpuSeconds !== undefined ? ` (CPU ${Math.round(run.cpuSeconds)} s)` : ''}, ${run.loadAverage.map((x) => x.toFixed(1)).join(' ')} |`);
  }
  out.push('');
  for (const run of runs) {
    const lt = run.loadTimeouts ?? 0;
    if (lt) out.push(`Seed ${run.sampleSeed}: Stryker reported ${run.timeout} timeouts; ${lt} of them was the machine's load (the entry says why), counted as survived.`, '');
  }
  out.push(`Stryker ${runs[runs.length - 1].stryker}, judge \`${runs[runs.length - 1].judge}\` (the kit's default run in one process against the mutated build), nice 19 on a machine shared with other work.`);
  out.push('');
}
if (constantsRuns.length) {
  out.push('## The constants pass');
  out.push('');
  out.push(`\`bench/mutation/constants.mjs\` (every numeric literal of the semantic modules made n+1 and n-1; Stryker mutates no number), same judge (the kit's default run in one process against the mutated build); one row per sample seed, each sample drawn with a seed the triage had not seen before it, and every survivor probed before it was triaged. Its entries are the \`NumericLiteral\` rows below.`);
  out.push('');
  out.push('| date | sample (seed) | server clock, kit seed, data | killed | of which timeout | survived | equivalent | unconstrained | gaps | untriaged | build errors | mutation score | contract score | time, load average at the end |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const c of constantsRuns) {
    const k = c.killed + c.timeout;
    const data = c.advanceEveryMs ? `moving (a status step every ${c.advanceEveryMs} ms)` : 'still';
    out.push(`| ${c.date.slice(0, 10)} | ${c.sampled} of ${c.mutants} (seed ${c.sampleSeed}) | ${c.now}, ${c.kitSeed}, ${data} | ${k} | ${c.timeout} | ${c.survived} | ${c.triaged.equivalent} | ${c.triaged.unconstrained} | ${c.triaged.gap} | ${c.triaged.untriaged} | ${c.buildErrors} | ${pct(k / (k + c.survived))} | **${pct(c.contractScore)}** | ${Math.round(c.seconds)} s, ${c.loadAverage.map((x) => x.toFixed(1)).join(' ')} (nice 19, a machine shared with other work) |`);
  }
  out.push('');
}
out.push(`## Gaps (${of('gap').length})`);
out.push('');
out.push('| Mutant | Change | Rule of the document it breaks | Check that should catch it | Notes |');
out.push('|---|---|---|---|---|');
for (const [, e] of of('gap')) out.push(`| \`${e.where}\` ${e.mutator}${e.status === 'no-coverage' ? ' (no coverage)' : ''} | ${code(e.original)} → ${code(e.replacement)} | ${cell(e.rule)} | ${cell(e.check)} | ${cell(e.why)}${cell(changed(e))} |`);
out.push('');
out.push(`## Unconstrained by the document (${of('unconstrained').length})`);
out.push('');
out.push('| Mutant | Change | The sentence that leaves it open | Why |');
out.push('|---|---|---|---|');
for (const [, e] of of('unconstrained')) out.push(`| \`${e.where}\` ${e.mutator}${e.status === 'no-coverage' ? ' (no coverage)' : ''} | ${code(e.original)} → ${code(e.replacement)} | "${cell(e.quote)}" | ${cell(e.why)}${cell(changed(e))} |`);
out.push('');
out.push(`## Equivalent (${of('equivalent').length})`);
out.push('');
out.push('| Mutant | Change | Why |');
out.push('|---|---|---|');
for (const [, e] of of('equivalent')) out.push(`| \`${e.where}\` ${e.mutator}${e.status === 'no-coverage' ? ' (no coverage)' : ''} | ${code(e.original)} → ${code(e.replacement)} | ${cell(e.why)}${cell(changed(e))} |`);
out.push('');
writeFileSync(join(HERE, 'TRIAGE.md'), out.join('\n'));
console.log(`triage: ${list.length} entries rendered to bench/mutation/TRIAGE.md (gap ${of('gap').length}, unconstrained ${of('unconstrained').length}, equivalent ${of('equivalent').length})`);
