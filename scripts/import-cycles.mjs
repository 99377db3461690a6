#!/usr/bin/env node
/**
 * Import cycles in the TypeScript sources (layout): reads every `src/**\/*.ts` of the
 * four packages, follows relative imports and re-exports (`import`/`export ... from './x.js'`,
 * `import('./x.js')`), and reports each strongly connected component of more than one module, or a
 * module importing itself.
 *
 * Type-only imports (`import type`, `export type ... from`, `import('./x.js').T` in a type) are
 * edges too: erased at run time, they still make a layout cycle (`cli.ts` <-> `commands/*`
 * through the `CliIo` type, `contract/types.ts` <-> `engine/shared-reads.ts` went unseen). Every
 * package is held to the graph with them; `importGraph(dirs, { types: false })` still gives the
 * run-time graph (module initialisation order).
 * Usage: `node scripts/import-cycles.mjs`; exits 1 when a cycle exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_DIRS = ['specs/src', 'packages/types/src', 'packages/mock-server/src', 'packages/conformance/src'].map((d) => join(root, d));

const IMPORT = /(?:^|[\s;])(?:import|export)\s([^'"]*?)from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources; `./dir` is `./dir/index.ts`). */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Module -> the modules it imports, for the given source directories.
 *
 * @param options.types whether type-only imports are edges (default true)
 */
export function importGraph(dirs = SOURCE_DIRS, options = { types: true }) {
  const graph = new Map();
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      const deps = new Set();
      for (const m of text.matchAll(IMPORT)) {
        if (!options.types && m[1] !== undefined && /^type\s/.test(m[1].trim())) continue;
        const target = resolveSpecifier(file, m[2] ?? m[3] ?? m[4]);
        if (target) deps.add(target);
      }
      graph.set(file, deps);
    }
  }
  return graph;
}

/** Cycles of the graph: Tarjan's strongly connected components of size > 1, and self-imports. */
export function importCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.map((f) => relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

/** Every cycle the rules above forbid: type-only imports count as edges. */
export function forbiddenCycles(dirs = SOURCE_DIRS) {
  return importCycles(importGraph(dirs));
}

/**
 * The graph between top-level folders of each package's `src/` (a file at the top of `src/` is a
 * node of its own): the layers the kit is meant to have, where an import points only down.
 */
export function folderGraph(graph) {
  const unitOf = (file) => {
    const dir = SOURCE_DIRS.find((d) => file.startsWith(`${d}/`));
    if (dir === undefined) return file;
    return join(dir, relative(dir, file).split('/')[0]);
  };
  const folders = new Map();
  for (const [file, deps] of graph) {
    const from = unitOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const dep of deps) {
      const to = unitOf(dep);
      if (to !== from) folders.get(from).add(to);
    }
  }
  return folders;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--folders')) {
  // A report, not yet a gate: the folders of each package's src/ that sit in one import circle.
  const cycles = importCycles(folderGraph(importGraph()));
  for (const cycle of cycles) console.log(`folder cycle (${cycle.length} folders): ${cycle.join(' <-> ')}`);
  console.log(cycles.length === 0 ? 'folder cycles: none' : `folder cycles: ${cycles.length}`);
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = forbiddenCycles();
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' <-> ')}`);
  console.log(cycles.length === 0 ? 'import-cycles: none' : `import-cycles: ${cycles.length} cycle(s): break them (move the shared part to a module both import)`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
