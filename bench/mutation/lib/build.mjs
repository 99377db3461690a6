/**
 * Stryker's build command: compiles the instrumented sources of the sandbox (the working directory,
 * a copy of packages/mock-server) from src/ to dist/ with TypeScript's transpileModule, file by
 * file, as the package's own build would with its settings (ES2022; ES modules, as NodeNext emits for a "type": "module" package; the package
 * compiles with isolatedModules, so a per-file transpile emits the same code). No type check:
 * instrumented sources do not type-check, and Stryker marks them @ts-nocheck anyway.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ts = createRequire(join(ROOT, 'package.json'))('typescript');
const cwd = process.cwd();
const src = join(cwd, 'src');
const out = join(cwd, 'dist');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) yield p;
  }
}

const options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, esModuleInterop: true, isolatedModules: true, sourceMap: false };
let n = 0;
const t0 = Date.now();
for (const file of walk(src)) {
  const rel = relative(src, file);
  const { outputText, diagnostics } = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: options, fileName: file, reportDiagnostics: true });
  if (diagnostics?.length) {
    const msg = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ');
    console.error(`build: ${rel}: ${msg}`);
    process.exit(1);
  }
  const target = join(out, rel.replace(/\.ts$/, '.js'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, outputText);
  n += 1;
}
console.log(`build: ${n} files transpiled to ${relative(cwd, out)}/ in ${Date.now() - t0} ms`);
