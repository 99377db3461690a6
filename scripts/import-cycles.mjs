#!/usr/bin/env node
/**
 * Import cycles and layers in the TypeScript sources: reads every `src/**\/*.ts` of the four
 * packages, follows relative imports and re-exports (`import`/`export ... from './x.js'`,
 * `import('./x.js')`), and fails (exit 1) on any of:
 *
 * - a cycle between files: a strongly connected component of more than one module, or a module
 *   importing itself;
 * - a cycle between the top-level folders of a package's `src/` (a file at the top of `src/` is a
 *   unit of its own): folders are the layers, and an import between two of them points one way;
 * - an import against the declared layer order ({@link LAYERS}): from a unit to one of a higher
 *   level, or to a peer of the same level (the kit's active run and its passive side use the
 *   oracles and never each other), or from or to a unit no level places.
 *
 * No exception list: a new folder is placed in {@link LAYERS}, and an import that runs up or
 * across is moved (the shared part goes down to a unit both may import).
 *
 * Type-only imports (`import type`, `export type ... from`, `import('./x.js').T` in a type) are
 * edges too: erased at run time, they still make a layout cycle (`cli.ts` <-> `commands/*`
 * through the `CliIo` type, `contract/types.ts` <-> `engine/shared-reads.ts` went unseen). Every
 * package is held to the graph with them; `importGraph(dirs, { types: false })` still gives the
 * run-time graph (module initialisation order).
 * Usage: `node scripts/import-cycles.mjs` (the gate, run by `pnpm lint`);
 * `node scripts/import-cycles.mjs --folders` prints each package's folder graph as well.
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
export function folderGraph(graph, dirs = SOURCE_DIRS) {
  const unitOf = (file) => {
    const dir = dirs.find((d) => file.startsWith(`${d}/`));
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

/**
 * The layers of each package's `src/`, bottom up: a list of levels, each a list of peer groups,
 * each group the units (top-level folders, or files at the top of `src/`) it holds. A unit imports
 * units of its own group or of a lower level, nothing else.
 */
export const LAYERS = {
  'packages/conformance/src': [
    // The contract: generated validators, types, predicates over records and headers, redaction, limits.
    [['contract']],
    // What both sides of the kit share to send, record and report an exchange: the HTTP client and
    // the exchange model, outcomes and the result builder, coverage; the configuration; HAR files.
    [['engine', 'config', 'har']],
    // The rules of one exchange, their descriptions, and the runner that judges every exchange (the auditor).
    [['oracles']],
    // Pure functions of results: baselines, shards, reporters.
    [['baseline', 'shard', 'reporters']],
    // Peers that both use the oracles and never each other: the active run, and the passive side.
    [
      ['checks', 'events', 'target', 'run'],
      ['passive', 'recordings', 'recorder', 'matchers'],
    ],
    // Above both peers: the active run's checks re-run over a recording, joined with the passive audit.
    [['rejudge']],
    // Entry points: the CLI and its commands, the library's index, the vitest adapter.
    [['cli.ts', 'cli-io.ts', 'signals.ts', 'commands', 'replay', 'index.ts', 'vitest.ts', 'checks-table.ts']],
  ],
  'packages/mock-server/src': [
    [['prng.ts', 'hash-key.ts', 'radix.ts', 'schema.ts', 'faults.ts', 'http']],
    [['data']],
    [['store']],
    [['lifecycle'], ['query'], ['variants'], ['auth.ts'], ['deprecation.ts']],
    [['views'], ['events']],
    [['routes']],
    [['server.ts']],
    [['mock-server.ts']],
    [['fetch-handler.ts', 'msw.ts', 'cli.ts', 'index.ts']],
  ],
};

/** Each package's folder cycles (the graph of {@link folderGraph}). */
export function folderCycles(dirs = SOURCE_DIRS) {
  return importCycles(folderGraph(importGraph(dirs), dirs));
}

/**
 * The imports between units of `dir` that the layer map `levels` forbids, one line each, with a
 * file that makes it. `graph` is a file graph ({@link importGraph}) over `dir`.
 */
export function layerViolations(graph, dir, levels) {
  const place = new Map();
  levels.forEach((groups, level) => groups.forEach((units, group) => units.forEach((u) => place.set(u, { level, group }))));
  const unitOf = (file) => relative(dir, file).split('/')[0];
  const out = new Map();
  for (const [file, deps] of graph) {
    if (!file.startsWith(`${dir}/`)) continue;
    const from = unitOf(file);
    const a = place.get(from);
    if (a === undefined) {
      out.set(`${from}:unplaced`, `${relative(root, join(dir, from))}: not placed in the layer map (scripts/import-cycles.mjs LAYERS)`);
      continue;
    }
    for (const dep of deps) {
      if (!dep.startsWith(`${dir}/`)) continue;
      const to = unitOf(dep);
      if (to === from) continue;
      const b = place.get(to);
      if (b === undefined) {
        out.set(`${to}:unplaced`, `${relative(root, join(dir, to))}: not placed in the layer map (scripts/import-cycles.mjs LAYERS)`);
        continue;
      }
      const how = b.level > a.level ? 'up' : b.level === a.level && b.group !== a.group ? 'across' : undefined;
      if (how !== undefined && !out.has(`${from}->${to}`)) out.set(`${from}->${to}`, `${from} -> ${to} runs ${how} (${relative(root, file)} imports ${relative(root, dep)})`);
    }
  }
  return [...out.values()];
}

/** Every layer violation of the packages {@link LAYERS} maps. */
export function forbiddenLayerImports(layers = LAYERS) {
  return Object.entries(layers).flatMap(([dir, levels]) => {
    const abs = join(root, dir);
    return layerViolations(importGraph([abs]), abs, levels);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = forbiddenCycles();
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' <-> ')}`);
  const folders = folderCycles();
  for (const cycle of folders) console.log(`folder cycle (${cycle.length} folders): ${cycle.join(' <-> ')}`);
  const layers = forbiddenLayerImports();
  for (const line of layers) console.log(`layer: ${line}`);
  if (process.argv.includes('--folders')) {
    for (const [unit, deps] of [...folderGraph(importGraph())].sort(([a], [b]) => a.localeCompare(b))) {
      if (deps.size > 0) console.log(`${relative(root, unit)} -> ${[...deps].map((d) => relative(root, d).split('/').pop()).sort().join(', ')}`);
    }
  }
  console.log(`import-cycles: ${cycles.length} file cycle(s), ${folders.length} folder cycle(s), ${layers.length} layer violation(s)`);
  if (cycles.length + folders.length + layers.length > 0) console.log('break them: move the shared part down to a unit both may import');
  process.exitCode = cycles.length + folders.length + layers.length === 0 ? 0 : 1;
}
