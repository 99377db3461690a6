#!/usr/bin/env node
import { main } from '../dist/cli.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = typeof code === 'number' ? code : 0;
  },
  (err) => {
    console.error(`internal error: ${err instanceof Error ? err.stack : String(err)}`);
    process.exitCode = 3;
  },
);
