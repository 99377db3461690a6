/**
 * The constants pass of the mutation bench: what Stryker does not mutate. Stryker changes
 * operators, conditions, strings and blocks, but never a number; a server whose limit, page size,
 * offset, time unit or bucket width is off by one is exactly the kind of defect a contract kit must
 * catch. This pass enumerates every numeric literal of the reference server's semantic modules
 * (lib/mutants.mjs MUTATE; not in types, not in the fault or variant switches), and of the
 * contract's generated constants the server reads (SPEC_FILES: its limits and the v2 timeline),
 * makes two mutants of each (n+1 and n-1; a day of a timeline, an epoch-ms literal at 00:00 UTC,
 * becomes the day before and after and the same day a month before and after), samples them with a seed, builds each mutant on its own
 * (a copy of packages/mock-server whose one file is changed, transpiled by lib/build.mjs) and judges
 * it with the same judge as the Stryker pass (lib/judge.mjs: the kit's default run against it, in
 * one process), by default with the server's data moving.
 *
 *   node bench/mutation/constants.mjs --sample 40 --seed 7 [--advance-every 500] [--now ISO] [--passive]
 *   node bench/mutation/constants.mjs --where src/store/bitset.ts:89,specs/src/generated/contract.ts:394
 *
 * --where: instead of a sample, every mutant at those places (`file:line`, comma-separated; a file
 * alone takes all of its lines; `file:line:replacement` one mutant), e.g. to judge again the survivors a triage entry names.
 *
 * --list: print the sample (or the --where mutants) and stop, each with its column, content key and
 * source line with a caret under the literal, so that a triager tells apart equal literals on one
 * line (the key's `#n`) without counting them by hand.
 *
 * --passive: each judge also records its run and audits the recording (lib/judge.mjs); the pass
 * then says how many of the mutants the run killed by its checks the audit detects too, and lists
 * the others with the checks of the run that failed.
 *
 * Every survivor is looked up in the same triage (triage.json, keyed by content with the mutator
 * `NumericLiteral`), so the score is killed / (killed + gaps), untriaged survivors listed apart
 * and, for a bound, counted as gaps. Writes out/constants/result.json. Exit 0 when the run
 * completed; 1 when the unmutated server did not pass, or a mutant's build failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverFiles } from './lib/files.mjs';
import { parseFlags } from './lib/flags.mjs';
import { MUTATE, contentKeys, parseTriage, sampleKeys, scores } from './lib/mutants.mjs';
import { passiveSummary } from './lib/passive.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const SERVER = join(ROOT, 'packages/mock-server');
const ts = createRequire(join(ROOT, 'package.json'))('typescript');

const FLAGS = { where: undefined, sample: '40', seed: '1', now: '2026-10-15T00:00:00Z', 'kit-seed': '1234', 'advance-every': '500', 'timeout-ms': '240000', out: join(HERE, 'out', 'constants'), nice: '19', list: undefined, passive: undefined };
const int = (name, v, min) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${JSON.stringify(v)}`);
  return n;
};
let flags;
try {
  flags = parseFlags(process.argv.slice(2), FLAGS, ['list', 'passive']);
  for (const [name, min] of [['sample', 1], ['seed', 0], ['kit-seed', 0], ['advance-every', 0], ['timeout-ms', 1000], ['nice', 0]]) flags[name] = int(name, flags[name], min);
  if (Number.isNaN(Date.parse(flags.now))) throw new Error(`--now must be an ISO 8601 date, got ${JSON.stringify(flags.now)}`);
} catch (err) {
  console.error(`bench:mutation constants: ${err.message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- enumerate
/**
 * Files outside the server package whose constants the server reads (paths from the repository
 * root): the contract's generated constants (limits, the v2 timeline's days). A mutant of one is
 * seen by the server only: its sandbox gets its own copy of @crosschain/specs, the kit keeps the real one.
 */
const SPEC_FILES = ['specs/src/generated/contract.ts'];
const SPECS = join(ROOT, 'specs');
const files = [...serverFiles(SERVER, MUTATE), ...SPEC_FILES];
/** Where a mutated file lives: a server file relative to the package, a spec file relative to the repository. */
const sourceOf = (file) => (SPEC_FILES.includes(file) ? join(ROOT, file) : join(SERVER, file));

const DAY_MS = 86_400_000;
/** An epoch-ms literal at 00:00 UTC of a day from 2000 to 2099: a day of a timeline. */
const isDay = (n) => Number.isInteger(n) && n % DAY_MS === 0 && n >= Date.UTC(2000, 0, 1) && n < Date.UTC(2100, 0, 1);
/** The same day of the month `by` months away (UTC). */
const monthAway = (n, by) => {
  const d = new Date(n);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, d.getUTCDate());
};
/** The replacements of a numeric literal: n+1 and n-1; a day of a timeline, a day and a month either way. */
const replacementsOf = (n) => (isDay(n) ? [n + DAY_MS, n - DAY_MS, monthAway(n, 1), monthAway(n, -1)] : [n + 1, n - 1]);

/** A literal that stands in a type, an enum, an import or a fault/variant switch is no behaviour. */
function skipped(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isTypeNode(p) || ts.isEnumMember(p) || ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
    if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression) && p.expression.name.text === 'has' && /(^|\.)(faults|variants)\??$/.test(p.expression.expression.getText())) return true;
    if (ts.isIfStatement(p) && /\b(faults|variants)\??\.has\(/.test(p.expression.getText())) return true;
  }
  return false;
}
const all = [];
for (const file of files) {
  const text = readFileSync(sourceOf(file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const visit = (node) => {
    if (ts.isNumericLiteral(node) && !skipped(node)) {
      const original = node.getText(sf);
      const n = Number(node.text);
      if (Number.isFinite(n)) {
        const start = node.getStart(sf);
        const line = sf.getLineAndCharacterOfPosition(start).line + 1;
        for (const r of replacementsOf(n)) {
          if (r === n) continue;
          all.push({ file, start, end: node.getEnd(), line, mutatorName: 'NumericLiteral', original, replacement: String(r) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
const keys = contentKeys(all);
all.forEach((m, i) => (m.key = keys[i]));
const chosen = sampleKeys(keys, flags.seed, flags.sample);
const where = flags.where === undefined ? undefined : flags.where.split(',').map((w) => w.trim()).filter(Boolean);
const sample = where ? all.filter((m) => where.some((w) => w === m.file || w === `${m.file}:${m.line}` || w === `${m.file}:${m.line}:${m.replacement}`)) : all.filter((m) => chosen.has(m.key));
if (where && sample.length === 0) {
  console.error(`bench:mutation constants: no mutant at ${flags.where}`);
  process.exit(2);
}
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`# constants pass: ${files.length} files, ${all.length} numeric-literal mutants, ${where ? `${sample.length} at ${where.join(', ')}` : `sample ${sample.length} (seed ${flags.seed})`}; clock ${flags.now}, kit seed ${flags['kit-seed']}, ${flags['advance-every'] ? `data moving (every ${flags['advance-every']} ms)` : 'data still'}; ${availableParallelism()} cores, load average ${load()}`);
if (flags.list) {
  for (const m of sample) {
    const text = readFileSync(sourceOf(m.file), 'utf8');
    const lineStart = text.lastIndexOf('\n', m.start - 1) + 1;
    const lineEnd = text.indexOf('\n', m.start);
    const source = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    const col = m.start - lineStart;
    // A long line is shown around the literal (60 characters either side).
    const from = Math.max(0, col - 60);
    const shown = source.slice(from, col + m.original.length + 60);
    console.log(`  ${m.file}:${m.line}:${col + 1} ${m.original} -> ${m.replacement}  key ${JSON.stringify(m.key)}`);
    console.log(`      ${shown}`);
    console.log(`      ${' '.repeat(col - from)}${'^'.repeat(m.original.length)}`);
  }
  process.exit(0);
}
if (!existsSync(join(ROOT, 'packages/conformance/dist/index.js'))) {
  console.error('bench:mutation constants: packages/conformance/dist is missing: build first (pnpm build)');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- judge
const OUT = resolve(flags.out);
rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'judge'), { recursive: true });
const sandbox = join(tmpdir(), `crosschain-constants-${process.pid}`);

/** A copy of the server package with `mutant` applied (or none), built to dist/ by lib/build.mjs. */
function buildSandbox(mutant) {
  rmSync(sandbox, { recursive: true, force: true });
  mkdirSync(sandbox, { recursive: true });
  cpSync(join(SERVER, 'src'), join(sandbox, 'src'), { recursive: true });
  cpSync(join(SERVER, 'package.json'), join(sandbox, 'package.json'));
  const spec = mutant !== undefined && SPEC_FILES.includes(mutant.file);
  if (!spec) symlinkSync(join(SERVER, 'node_modules'), join(sandbox, 'node_modules'), 'dir');
  else specSandbox(mutant);
  if (mutant && !spec) {
    const path = join(sandbox, mutant.file);
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, `${text.slice(0, mutant.start)}${mutant.replacement}${text.slice(mutant.end)}`);
  }
  const r = spawnSync(process.execPath, [join(HERE, 'lib/build.mjs')], { cwd: sandbox, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ')}`);
}

/**
 * The sandbox's node_modules for a mutant of a spec file: links to the server's dependencies, but
 * its own @crosschain/specs (links to the package's files, a copy of its dist/) whose generated
 * module is the mutated file transpiled; the kit, outside the sandbox, imports the real one.
 */
function specSandbox(mutant) {
  const modules = join(sandbox, 'node_modules');
  mkdirSync(join(modules, '@crosschain'), { recursive: true });
  const real = join(SERVER, 'node_modules');
  for (const name of readdirSync(real)) if (name !== '@crosschain') symlinkSync(realpathSync(join(real, name)), join(modules, name));
  for (const name of readdirSync(join(real, '@crosschain'))) if (name !== 'specs') symlinkSync(realpathSync(join(real, '@crosschain', name)), join(modules, '@crosschain', name));
  const copy = join(modules, '@crosschain', 'specs');
  mkdirSync(copy);
  for (const name of readdirSync(SPECS)) if (name !== 'dist') symlinkSync(join(SPECS, name), join(copy, name));
  cpSync(join(SPECS, 'dist'), join(copy, 'dist'), { recursive: true });
  const text = readFileSync(join(ROOT, mutant.file), 'utf8');
  const mutated = `${text.slice(0, mutant.start)}${mutant.replacement}${text.slice(mutant.end)}`;
  const rel = relative(join(SPECS, 'src'), join(ROOT, mutant.file)).replace(/\.ts$/, '.js');
  const { outputText } = ts.transpileModule(mutated, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 }, fileName: mutant.file });
  writeFileSync(join(copy, 'dist', rel), outputText);
}

function judge(id) {
  const env = {
    ...process.env,
    CROSSCHAIN_MUTATION_OUT: OUT,
    CROSSCHAIN_MUTATION_JUDGE: 'embedded',
    CROSSCHAIN_MUTATION_NOW: flags.now,
    CROSSCHAIN_MUTATION_KIT_SEED: String(flags['kit-seed']),
    CROSSCHAIN_MUTATION_ADVANCE_EVERY: String(flags['advance-every']),
    CROSSCHAIN_MUTATION_COVERAGE: 'off',
    CROSSCHAIN_MUTATION_PASSIVE: flags.passive ? '1' : '0',
  };
  if (id !== undefined) env.__STRYKER_ACTIVE_MUTANT__ = id;
  else delete env.__STRYKER_ACTIVE_MUTANT__;
  const cmd = [process.execPath, '--max-old-space-size=1536', join(HERE, 'lib/judge.mjs')];
  const [bin, ...args] = flags.nice > 0 ? ['nice', '-n', String(flags.nice), ...cmd] : cmd;
  const t0 = Date.now();
  return new Promise((done) => {
    const child = spawn(bin, args, { cwd: sandbox, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, flags['timeout-ms']);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, ms: Date.now() - t0, stderr });
    });
  });
}

const t0 = Date.now();
buildSandbox(undefined);
const dryRun = await judge(undefined);
const dry = existsSync(join(OUT, 'dry-run.json')) ? JSON.parse(readFileSync(join(OUT, 'dry-run.json'), 'utf8')) : undefined;
if (dryRun.code !== 0 || dry?.verdict !== 'pass') {
  console.error(`bench:mutation constants: the unmutated server did not pass the kit (exit ${dryRun.code ?? dryRun.signal}; ${(dry?.failed ?? []).map((f) => f.id).join(', ') || dryRun.stderr.trim().split('\n').pop()})`);
  process.exit(1);
}
console.log(`dry run: pass, ${dry.requests} requests, ${(dryRun.ms / 1000).toFixed(1)} s${dry.passive ? `; its audit: exit ${dry.passive.exitCode}${dry.passive.error ? ` (${dry.passive.error})` : ''}${dry.passive.failed?.length ? ` failing ${dry.passive.failed.join(', ')}` : ''}, ${(dry.passive.ms / 1000).toFixed(1)} s` : ''}`);

let triage = new Map();
if (existsSync(join(HERE, 'triage.json'))) triage = parseTriage(JSON.parse(readFileSync(join(HERE, 'triage.json'), 'utf8')));
const rows = [];
for (const [i, m] of sample.entries()) {
  const id = `c${i}`;
  let status;
  let judged;
  try {
    buildSandbox(m);
  } catch (err) {
    rows.push({ key: m.key, where: `${m.file}:${m.line}`, original: m.original, replacement: m.replacement, status: 'build-error', error: err.message });
    console.log(`  [${i + 1}/${sample.length}] ${m.file}:${m.line} ${m.original} -> ${m.replacement}: build error`);
    continue;
  }
  const r = await judge(id);
  const file = join(OUT, 'judge', `${id}.json`);
  judged = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  if (r.signal === 'SIGKILL') status = 'timeout';
  else if (judged?.verdict === 'harness-error') status = 'harness-error';
  else if (r.code === 0 && judged?.verdict === 'survived') status = 'survived';
  else if (r.code !== 0) status = 'killed';
  else status = 'harness-error';
  const t = triage.get(m.key);
  rows.push({
    key: m.key,
    where: `${m.file}:${m.line}`,
    original: m.original,
    replacement: m.replacement,
    status,
    ms: r.ms,
    ...(judged?.failed?.length ? { failed: judged.failed.map((f) => f.id) } : {}),
    ...(judged?.errors?.length ? { errors: judged.errors.map((f) => f.id) } : {}),
    ...(judged?.passive ? { passive: judged.passive } : {}),
    ...(judged?.cause ? { cause: judged.cause } : {}),
    ...(judged?.changed?.length ? { changed: judged.changed } : {}),
    ...(t && status === 'survived' ? { triage: t.class } : {}),
  });
  const audit = judged?.passive ? `; audit: ${judged.passive.error ? 'no verdict' : `exit ${judged.passive.exitCode}${judged.passive.failed.length ? ` (${judged.passive.failed.join(', ')})` : ''}`}` : '';
  console.log(`  [${i + 1}/${sample.length}] ${m.file}:${m.line} ${m.original} -> ${m.replacement}: ${status}${judged?.failed?.length ? ` (${judged.failed.map((f) => f.id).join(', ')})` : judged?.cause ? ` (${judged.cause})` : ''}${audit}, ${(r.ms / 1000).toFixed(0)} s`);
}
rmSync(sandbox, { recursive: true, force: true });

const count = (s) => rows.filter((r) => r.status === s).length;
const killed = count('killed') + count('timeout');
const survived = rows.filter((r) => r.status === 'survived');
const byClass = (c) => survived.filter((r) => r.triage === c).length;
const untriaged = survived.filter((r) => !r.triage);
const s = scores({ killed, survived: survived.length, gaps: byClass('gap'), untriaged: untriaged.length });
const pct = (x) => (x === undefined ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const figures = {
  date: new Date().toISOString(),
  pass: 'constants',
  now: flags.now,
  kitSeed: flags['kit-seed'],
  advanceEveryMs: flags['advance-every'],
  sampleSeed: flags.seed,
  mutants: all.length,
  sampled: sample.length,
  killed: count('killed'),
  timeout: count('timeout'),
  survived: survived.length,
  buildErrors: count('build-error'),
  harnessErrors: count('harness-error'),
  triaged: { equivalent: byClass('equivalent'), unconstrained: byClass('unconstrained'), gap: byClass('gap'), untriaged: untriaged.length },
  ...s,
  seconds: (Date.now() - t0) / 1000,
  loadAverage: loadavg(),
};
const passive = flags.passive
  ? passiveSummary(dry.passive, rows.map((r) => ({ name: `${r.where} ${r.original} -> ${r.replacement}`, killedByRun: r.status === 'killed' && !r.cause, activeFailed: [...(r.failed ?? []), ...(r.errors ?? [])], passive: r.passive })))
  : undefined;
if (passive) figures.passive = passive.figures;
writeFileSync(join(OUT, 'result.json'), JSON.stringify({ figures, mutants: rows }, null, 2));
console.log(`\n# constants pass (${where ? `${sample.length} of ${all.length} at --where` : `sample ${sample.length} of ${all.length}, seed ${flags.seed}`})`);
console.log(`  killed          ${killed}  (timeout ${count('timeout')})`);
console.log(`  survived        ${survived.length}: equivalent ${byClass('equivalent')}, unconstrained ${byClass('unconstrained')}, gap ${byClass('gap')}, untriaged ${untriaged.length}`);
if (count('build-error') + count('harness-error')) console.log(`  not counted     ${count('build-error')} build errors, ${count('harness-error')} harness errors`);
console.log(`  mutation score  ${pct(s.mutationScore)}`);
console.log(`  contract score  ${pct(s.contractScore)} killed / (killed + gaps); ${pct(s.contractScoreUntriagedAsGaps)} counting the untriaged as gaps`);
console.log(`  time            ${figures.seconds.toFixed(0)} s; load average now ${load()}`);
if (passive) for (const line of passive.lines) console.log(line);
if (untriaged.length) {
  console.log('\n# untriaged survivors (add each to bench/mutation/triage.json after probing it):');
  for (const r of untriaged) console.log(`  ${r.where} ${r.original} -> ${r.replacement}\n      key ${JSON.stringify(r.key)}`);
}
process.exitCode = count('build-error') + count('harness-error') > 0 ? 1 : 0;
