/**
 * How much of what the active run detects the audit of its own recording detects: for each fault of
 * the reference server's catalogue, the default run against the embedded server with the fault,
 * recorded with --record (the websocket conversation included, as Chrome records it); then `audit`
 * of that recording. The webhook faults are left out: a delivery is a request the target makes to
 * the kit's receiver, not an exchange of the run's client, and no recording of the run holds it. Prints, per fault, whether each side fails and which checks, and the recall:
 * the faults the audit fails among those the active run fails.
 *
 *   node bench/conformance/audit-recall.mjs [--kit packages/conformance/dist] [--only fault,fault] [--out file.json]
 *
 * Each recording is audited twice: by the oracles alone (its run description left out, as a
 * recording not made by the kit), and as `audit` does (the oracles, and the run's checks re-judged
 * from the recording: rejudge/). Both recalls are printed, with the faults the audit misses and the
 * audits where a check ended `error` (a request not in the recording).
 *
 * Build first (`pnpm build`): the kit's dist judges. The fault's options of
 * packages/conformance/test/fixtures/fault-map.json (a low v2 rate limit, a large data set) apply.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const kit = resolve(flag('kit') ?? join(ROOT, 'packages/conformance/dist'));
const only = flag('only')?.split(',');
const out = flag('out');

const { runConformance } = await import(pathToFileURL(join(kit, 'index.js')).href);
const { apiOperations, apiValidator } = await import(pathToFileURL(join(kit, 'recordings/audit.js')).href);
// The audit as the CLI runs it: the oracles, and the run's checks re-judged from the kit's own recording.
const { auditAndRejudge } = await import(pathToFileURL(join(kit, 'rejudge/audit.js')).href);

const { readRecordings } = await import(pathToFileURL(join(kit, 'recordings/index.js')).href);
const { faultCatalogue } = await import(pathToFileURL(join(ROOT, 'packages/mock-server/dist/index.js')).href);
const map = JSON.parse(readFileSync(join(ROOT, 'packages/conformance/test/fixtures/fault-map.json'), 'utf8')).faults;

const failing = (o) => o.status === 'fail' || o.status === 'warn';
const dir = mkdtempSync(join(tmpdir(), 'audit-recall-'));
const rows = [];
try {
  for (const fault of faultCatalogue) {
    if (only && !only.includes(fault.name)) continue;
    if (fault.clause.startsWith('events.webhook')) continue;
    const har = join(dir, `${fault.name}.har`);
    const started = Date.now();
    const active = await runConformance({
      mockFaults: [fault.name],
      mockNow: '2026-10-15T12:00:00Z',
      mockRecords: 300,
      seed: 7,
      numRuns: 5,
      record: har,
      ...(map[fault.name]?.options ?? {}),
    });
    const validator = apiValidator();
    const recordings = await readRecordings([har], dir, apiOperations(validator));
    const meta = { startedAt: new Date(), files: [har], strict: active.config?.strict === true, validator };
    // The oracles alone (the recording's run description left out: as a recording not made by the kit).
    const oraclesOnly = await auditAndRejudge({ ...recordings, files: recordings.files.map(({ kit: _kit, ...f }) => f) }, meta);
    const { result: audit, notes } = await auditAndRejudge(recordings, meta);
    const activeFails = active.outcomes.filter(failing).map((o) => o.id);
    const oracleFails = oraclesOnly.result.outcomes.filter(failing).map((o) => o.id);
    const auditFails = audit.outcomes.filter(failing).map((o) => o.id);
    const errors = audit.outcomes.filter((o) => o.status === 'error').map((o) => o.id);
    const row = {
      fault: fault.name,
      clause: fault.clause,
      active: active.exitCode === 1 && activeFails.length > 0,
      oracles: oracleFails.length > 0,
      audit: auditFails.length > 0,
      activeFails,
      oracleFails,
      auditFails,
      errors,
      rejudgeMs: notes[0]?.rejudged?.durationMs,
      ms: Date.now() - started,
    };
    rows.push(row);
    const missing = activeFails.filter((id) => !auditFails.includes(id));
    console.log(
      `${row.active ? 'A' : '-'}${row.oracles ? 'O' : '-'}${row.audit ? 'P' : '-'} ${fault.name.padEnd(44)} active [${activeFails.join(' ')}] oracles [${oracleFails.join(' ')}] audit misses [${missing.join(' ')}]${errors.length > 0 ? ` errors [${errors.join(' ')}]` : ''} ${row.ms} ms`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const detected = rows.filter((r) => r.active);
const both = detected.filter((r) => r.audit);
const oracles = detected.filter((r) => r.oracles);
const pct = (n) => ((100 * n) / Math.max(1, detected.length)).toFixed(1);
const sameIds = detected.filter((r) => r.activeFails.every((id) => r.auditFails.includes(id)));
console.log(`\n${rows.length} faults run (webhook faults excluded); the active run fails ${detected.length}`);
console.log(`the oracles alone fail ${oracles.length} of them (${pct(oracles.length)}%)`);
console.log(`audit (oracles and the run's checks re-judged from the recording) fails ${both.length} (${pct(both.length)}%), with every check id the run failed in ${sameIds.length}`);
console.log(`missed by audit: ${detected.filter((r) => !r.audit).map((r) => r.fault).join(', ')}`);
console.log(`audits with a check in error: ${rows.filter((r) => r.errors.length > 0).map((r) => `${r.fault} [${r.errors.join(' ')}]`).join(', ') || 'none'}`);
if (out) writeFileSync(out, `${JSON.stringify({ rows, detected: detected.length, oracles: oracles.length, both: both.length, sameIds: sameIds.length }, null, 2)}\n`);
