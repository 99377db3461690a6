/**
 * Runs every benchmark, `bench/<area>/*.mjs`, one after another in its own Node process (so peak
 * RSS and timings are per benchmark), and prints their figures. Benchmarks print; they are not
 * timed tests. Exit status 1 when a benchmark crashed, else 0. `pnpm bench` builds first.
 *
 *   node bench/run-all.mjs [filter]   e.g. `node bench/run-all.mjs conformance/`
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
/** Areas that run alone (mutation has its own root script; suite runs the whole `pnpm test`), not in `pnpm bench`, unless the filter names them. */
const ALONE = new Set(['mutation', 'suite']);
/** Benchmarks that run alone too (hours long), unless the filter names them: run them directly. */
const ALONE_FILES = new Set(['conformance/soak.mjs']);

const files = readdirSync(root)
  .filter((area) => statSync(join(root, area)).isDirectory() && (!ALONE.has(area) || filter.startsWith(`${area}/`)))
  .sort()
  .flatMap((area) =>
    readdirSync(join(root, area))
      .filter((f) => f.endsWith('.mjs') && statSync(join(root, area, f)).isFile())
      .sort()
      .map((f) => join(root, area, f)),
  )
  .filter((f) => relative(root, f).includes(filter) && (!ALONE_FILES.has(relative(root, f)) || filter.includes('soak')));

if (files.length === 0) {
  console.error(`no benchmark matches ${JSON.stringify(filter)} under ${root} (expected bench/<area>/*.mjs)`);
  process.exit(1);
}

const failed = [];
for (const file of files) {
  const name = relative(root, file);
  console.log(`\n== ${name}`);
  const t0 = Date.now();
  const run = spawnSync(process.execPath, [file], { stdio: 'inherit', env: process.env, timeout: 10 * 60_000 });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (run.status !== 0) {
    const why = run.error ? run.error.message : run.signal ? `killed by ${run.signal}` : `exit ${run.status}`;
    console.log(`-- ${name}: FAILED (${why}) after ${seconds} s`);
    failed.push(name);
  } else {
    console.log(`-- ${name}: done in ${seconds} s`);
  }
}
console.log(`\n${files.length - failed.length} of ${files.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exitCode = failed.length ? 1 : 0;
