#!/usr/bin/env node
import { main } from '../dist/cli.js';

// A terminal's Ctrl-C reaches the whole process group, and a parent (pnpm exec, npx) forwards its
// own copy a moment later. The commands keep their handlers until their reports are written
// (src/signals.ts); after that, the natural end of the process would first close the handlers,
// and a late copy would then turn the exit into a death by signal. Ending explicitly once the
// output is flushed leaves no such window.
const exitFlushed = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));

main(process.argv.slice(2)).then(
  (code) => exitFlushed(typeof code === 'number' ? code : 0),
  (err) => {
    console.error(`internal error: ${err instanceof Error ? err.stack : String(err)}`);
    exitFlushed(3);
  },
);
