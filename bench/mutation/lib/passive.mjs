/**
 * The passive judge's figure, shared by run.mjs and constants.mjs: of the mutants the kit's run
 * killed by failing (exit non-zero; a crash of the server or a timeout is not a verdict of the
 * kit's checks and is left out), how many the `audit` of that run's own recording fails too.
 *
 * With the dry run's audit failing already (the unmutated server's recording), a mutant counts as
 * detected only when its audit fails a check that the dry run's audit did not: else every mutant
 * would be "detected" by the same false alarm.
 */

/** The ids an audit failed or errored. */
const failing = (p) => [...(p?.failed ?? []), ...(p?.errors ?? [])];

/** Whether the audit `p` of a mutant's recording detects it, given the dry run's audit `dry`. */
export function passiveDetects(p, dry) {
  if (!p || p.error !== undefined || p.exitCode === 0) return false;
  if (!dry || dry.exitCode === 0) return true;
  const before = new Set(failing(dry));
  return failing(p).some((id) => !before.has(id));
}

/**
 * `mutants`: `{ name, killedByRun, activeFailed, passive }` for every judged mutant, `killedByRun`
 * true when the run's exit was non-zero by its checks (no crash, no timeout). Returns the figures
 * and the console lines.
 */
export function passiveSummary(dry, mutants) {
  const killed = mutants.filter((m) => m.killedByRun);
  const noVerdict = killed.filter((m) => !m.passive || m.passive.error !== undefined);
  const judged = killed.filter((m) => m.passive && m.passive.error === undefined);
  const detected = judged.filter((m) => passiveDetects(m.passive, dry));
  const missed = judged.filter((m) => !passiveDetects(m.passive, dry));
  const share = judged.length ? detected.length / judged.length : undefined;
  const figures = {
    dryRunAudit: dry ? { exitCode: dry.exitCode, failed: failing(dry), ...(dry.error ? { error: dry.error } : {}) } : null,
    killedByRun: judged.length,
    passiveDetects: detected.length,
    passiveShare: share,
    passiveNoVerdict: noVerdict.map((m) => ({ mutant: m.name, error: m.passive?.error ?? 'no audit' })),
    passiveMisses: missed.map((m) => ({ mutant: m.name, activeFailed: m.activeFailed })),
  };
  const lines = [];
  lines.push(`\n# passive judge: audit of the run's own recording (--record, then crosschain-conformance audit)`);
  if (!dry) lines.push('  dry run: no audit (the judge ran without the passive option)');
  else if (dry.error) lines.push(`  dry run's audit gave no verdict: ${dry.error}`);
  else lines.push(`  dry run's audit: exit ${dry.exitCode}${failing(dry).length ? `, failing ${failing(dry).join(', ')} (not counted as detections)` : ''}`);
  lines.push(`  passive detects ${detected.length} of ${judged.length}${share === undefined ? '' : ` (${(100 * share).toFixed(1)}%)`} mutants the run killed by its checks`);
  if (noVerdict.length) lines.push(`  left out: ${noVerdict.length} whose audit gave no verdict: ${noVerdict.map((m) => `${m.name} (${m.passive?.error ?? 'no audit'})`).join('; ')}`);
  if (missed.length) {
    lines.push('  missed by the audit (the run\'s failing checks):');
    for (const m of missed) lines.push(`    ${m.name}: ${m.activeFailed.join(', ') || '(none named)'}`);
  }
  return { figures, lines };
}
