#!/usr/bin/env node
import { main } from '../dist/cli.js';

// After a signal stopped the server, a parent's forwarded copy of it (pnpm, npx) may still come:
// the natural end of the process first closes its signal handlers, and a signal then kills it
// (pnpm: ELIFECYCLE). Ending explicitly once the output is flushed leaves no such window.
const exitFlushed = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));

main(process.argv.slice(2)).then(
  (code) => {
    if (typeof code === 'number') process.exitCode = code;
    exitFlushed(process.exitCode ?? 0);
  },
  (err) => {
    console.error(err instanceof Error ? err.stack : String(err));
    process.exitCode = 3;
  },
);
