#!/usr/bin/env node
/**
 * Export checks of one package, run from its `lint` script: publint (package.json
 * `exports`/`files`/`bin` against the packed files) and @arethetypeswrong/cli on the packed tarball
 * (types resolve where the JavaScript does). Usage: `node ../scripts/lint-exports.mjs [--profile <attw profile>]
 * [--exclude <entry>...] [--dual <entry>...]` from the package directory; exits non-zero when either tool
 * reports a problem. `--dual` names entry points of an otherwise ESM-only package that also have a
 * `require` build (the conformance recorder and matchers, for jest in CommonJS): attw checks them
 * again under the node16 profile, where `require` of them must find CommonJS code and its types.
 */
import { spawnSync } from 'node:child_process';

const exclude = [];
const dual = [];
// ESM-only packages ("type": "module", `import` conditions only) use the esm-only profile, which
// ignores the node10 and node16-from-CJS resolutions, where a CommonJS `require` of an ES module
// is expected to fail (consumers use `import`). A dual package (@crosschain/types) passes
// `--profile strict`: every resolution, CommonJS ones included, must find its types.
let profile = 'esm-only';
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--exclude' && args[i + 1]) exclude.push(args[++i]);
  else if (args[i] === '--profile' && args[i + 1]) profile = args[++i];
  else if (args[i] === '--dual' && args[i + 1]) dual.push(args[++i]);
  else {
    console.error(`lint-exports: unknown argument ${JSON.stringify(args[i])}; use --profile <strict|node16|esm-only>, --exclude <entrypoint> (e.g. --exclude ./clauses.yaml) or --dual <entrypoint>`);
    process.exit(2);
  }
}

function run(command, commandArgs) {
  const result = spawnSync('npx', [command, ...commandArgs], { stdio: 'inherit' });
  return result.status ?? 1;
}

const publint = run('publint', ['--strict']);
// Data entry points (YAML) are not modules, so TypeScript cannot resolve them: they are excluded.
const attw = run('attw', ['--pack', '.', '--profile', profile, '--format', 'ascii', ...(exclude.length > 0 ? ['--exclude-entrypoints', ...exclude] : [])]);
// node16, not strict: node10 ignores `exports`, so no subpath entry resolves there in any package.
const attwDual = dual.length > 0 ? run('attw', ['--pack', '.', '--profile', 'node16', '--format', 'ascii', '--entrypoints', ...dual]) : 0;
process.exitCode = publint === 0 && attw === 0 && attwDual === 0 ? 0 : 1;
