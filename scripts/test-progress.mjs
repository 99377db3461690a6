// Progress of `pnpm test` (scripts/test-run.mjs): reads turbo's task-prefixed output line by line,
// prints one line per workspace package when its tests end (its vitest summary, its time, how many
// packages are done) and an estimate of the time left from the previous run's times per package
// (kept in node_modules/.cache). The packages' tests run side by side, so the time left is that of
// the slowest package still running, less what it has run already. Pure but for `write` and `now`.

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/** `1 min 5 s`, `12.3 s`. */
export function duration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * A progress tracker over `packages` (package names). `history`: the previous run's milliseconds per
 * package (may be empty). Returns `line(text)` to feed every output line to, `tick()` for a
 * heartbeat line, and `finish()` which returns the times of this run (for the next estimate).
 */
export function createProgress({ packages, history = {}, now = Date.now, write }) {
  const startedAt = now();
  const state = new Map(packages.map((p) => [p, { started: undefined, ended: undefined, tests: undefined, cached: false }]));
  const done = () => [...state.values()].filter((s) => s.ended !== undefined).length;

  /** The estimate of the time left, or why there is none. */
  function left() {
    const t = now();
    let most = 0;
    const unknown = [];
    for (const [name, s] of state) {
      if (s.ended !== undefined) continue;
      const expected = history[name];
      if (s.cached) continue;
      if (expected === undefined) {
        unknown.push(name);
        continue;
      }
      most = Math.max(most, expected - (t - (s.started ?? startedAt)));
    }
    if (unknown.length > 0) return `no estimate yet for ${unknown.join(', ')} (first run here)`;
    return most > 0 ? `about ${duration(most)} left` : 'should end any moment';
  }

  write(
    Object.keys(history).length > 0
      ? `Testing ${packages.length} packages side by side; the last run took ${duration(Math.max(...packages.map((p) => history[p] ?? 0)))} (the slowest, ${[...packages].sort((a, b) => (history[b] ?? 0) - (history[a] ?? 0))[0]}).\n`
      : `Testing ${packages.length} packages side by side; no estimate yet (the times of this run are kept for the next).\n`,
  );

  return {
    line(raw) {
      const text = raw.replace(ANSI, '');
      const m = /^(@[^:\s]+\/[^:\s]+):test: ?(.*)$/.exec(text);
      if (!m) return;
      const s = state.get(m[1]);
      if (!s || s.ended !== undefined) return;
      const body = m[2].trim();
      s.started ??= now();
      // turbo replays the log of a task whose inputs did not change: no time of its own to keep.
      if (/^cache hit, replaying logs/.test(body)) s.cached = true;
      else if (/^Tests\s/.test(body)) s.tests = body.replace(/^Tests\s+/, '').replace(/\s+/g, ' ');
      // The JSON reporter's line is the last vitest prints (every package writes test-results/vitest.json).
      else if (/^JSON report written to /.test(body)) this.end(m[1]);
    },
    /** A package's tests ended (its last line, or the end of turbo for those that printed none). */
    end(name, note) {
      const s = state.get(name);
      if (!s || s.ended !== undefined) return;
      s.ended = now();
      const what = s.tests ? `tests ${s.tests}` : (note ?? 'no vitest summary (see its output above)');
      const remaining = done() < packages.length ? `; ${left()}` : '';
      const took = s.cached ? 'from the cache' : `in ${duration(s.ended - (s.started ?? startedAt))}`;
      write(`[${done()}/${packages.length}] ${name}: ${what} ${took}${remaining}\n`);
    },
    tick() {
      const running = [...state].filter(([, s]) => s.ended === undefined && s.started !== undefined).map(([n, s]) => `${n} ${duration(now() - s.started)}`);
      if (done() === packages.length) return;
      write(`… ${done()}/${packages.length} packages done after ${duration(now() - startedAt)}${running.length ? `, running: ${running.join(', ')}` : ''}; ${left()}\n`);
    },
    finish() {
      for (const [name, s] of state) if (s.ended === undefined && s.started !== undefined) this.end(name, 'ended without a vitest summary');
      const times = {};
      for (const [name, s] of state) if (s.ended !== undefined && s.started !== undefined && !s.cached) times[name] = s.ended - s.started;
      return times;
    },
  };
}
