/**
 * Layout: no import cycles in any package's `src/`, this server's `query/` included; no cycle
 * between the top-level folders of a package's `src/`; no import against the declared layers.
 * The graph is read from the TypeScript sources by scripts/import-cycles.mjs: type imports count,
 * in every package (the kit's type-only circles went unseen while it was exempt).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts, without declarations
import { folderCycles, forbiddenCycles, forbiddenLayerImports, importCycles, importGraph, layerViolations, SOURCE_DIRS } from '../../../../scripts/import-cycles.mjs';

type Graph = Map<string, Set<string>>;
const cyclesOf = importCycles as (graph: Graph) => string[][];

describe('import cycles', () => {
  it('the detector reports a two-module cycle and a self-import, and nothing in a chain', () => {
    const graph: Graph = new Map([
      ['/r/a.ts', new Set(['/r/b.ts'])],
      ['/r/b.ts', new Set(['/r/a.ts', '/r/c.ts'])],
      ['/r/c.ts', new Set<string>()],
      ['/r/d.ts', new Set(['/r/d.ts'])],
    ]);
    expect(cyclesOf(graph)).toHaveLength(2);
    expect(cyclesOf(new Map([['/r/a.ts', new Set(['/r/b.ts'])], ['/r/b.ts', new Set<string>()]]))).toEqual([]);
  });

  it('reads every package source directory, with edges (query/v3-query.ts imports query/filters.ts)', () => {
    const graph = (importGraph as (dirs: string[]) => Graph)(SOURCE_DIRS as string[]);
    const v3 = [...graph.keys()].find((file) => file.endsWith('mock-server/src/query/v3-query.ts'));
    expect(v3).toBeDefined();
    expect([...graph.get(v3!)!].some((dep) => dep.endsWith('query/filters.ts'))).toBe(true);
    expect([...graph.keys()].some((file) => file.includes('packages/conformance/src/'))).toBe(true);
  });

  it('type-only imports are edges unless asked otherwise', () => {
    const build = importGraph as (dirs: string[], options?: { types: boolean }) => Graph;
    const query = (SOURCE_DIRS as string[]).filter((d) => d.endsWith('mock-server/src'));
    const edgesOf = (graph: Graph, suffix: string) => [...graph.entries()].find(([file]) => file.endsWith(suffix))![1];
    // query.ts has only `import type` edges (to store/store.ts).
    expect(edgesOf(build(query), 'query/query.ts').size).toBeGreaterThan(0);
    expect(edgesOf(build(query, { types: false }), 'query/query.ts').size).toBe(0);
  });

  it('a circle made only of type imports (import type, import(\'./x.js\').T) is a forbidden cycle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      writeFileSync(join(dir, 'cli.ts'), "export type { Io } from './io.js';\nimport type { Command } from './command.js';\nexport const commands: Command[] = [];\n");
      writeFileSync(join(dir, 'command.ts'), "export interface Command { run(io: import('./cli.js').Io): void }\n");
      writeFileSync(join(dir, 'io.ts'), 'export interface Io { out(t: string): void }\n');
      const found = (forbiddenCycles as (dirs: string[]) => string[][])([dir]);
      expect(found).toHaveLength(1);
      expect(found[0]!.map((f) => f.split('/').pop())).toEqual(['cli.ts', 'command.ts']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no package src has an import cycle', () => {
    expect((forbiddenCycles as () => string[][])()).toEqual([]);
  });

  /** A scratch `src/` of the given files (path -> text), removed after `body`. */
  function withSources(files: Record<string, string>, body: (dir: string) => void): void {
    const dir = mkdtempSync(join(tmpdir(), 'import-layers-'));
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      body(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('two folders importing each other through different files are a folder cycle, though no file cycle', () => {
    withSources(
      {
        'a/x.ts': "import { y } from '../b/y.js';\nexport const x = y;\n",
        'a/w.ts': 'export const w = 1;\n',
        'b/y.ts': 'export const y = 1;\n',
        'b/z.ts': "import type { w } from '../a/w.js';\nexport type Z = typeof w;\n",
        'c/v.ts': "import { x } from '../a/x.js';\nexport const v = x;\n",
      },
      (dir) => {
        expect((forbiddenCycles as (dirs: string[]) => string[][])([dir])).toEqual([]);
        const found = (folderCycles as (dirs: string[]) => string[][])([dir]);
        expect(found).toHaveLength(1);
        expect(found[0]!.map((f) => f.split('/').pop())).toEqual(['a', 'b']);
      },
    );
  });

  it('the layer map: an import down or within a group passes; one up, one across peers, and an unplaced folder fail', () => {
    const levels = [[['contract']], [['oracles']], [['active', 'run'], ['passive']], [['cli.ts']]];
    const check = (files: Record<string, string>): string[] => {
      let out: string[] = [];
      withSources(files, (dir) => {
        out = (layerViolations as (g: Graph, d: string, l: string[][][]) => string[])((importGraph as (dirs: string[]) => Graph)([dir]), dir, levels);
      });
      return out;
    };
    const base = { 'contract/t.ts': 'export type T = 1;\n', 'oracles/o.ts': "import type { T } from '../contract/t.js';\nexport type O = T;\n" };
    expect(check({ ...base, 'active/a.ts': "import type { O } from '../oracles/o.js';\nimport type { R } from '../run/r.js';\nexport type A = O | R;\n", 'run/r.ts': 'export type R = 2;\n', 'cli.ts': "import type { A } from './active/a.js';\nexport type C = A;\n" })).toEqual([]);
    const up = check({ ...base, 'contract/u.ts': "import type { O } from '../oracles/o.js';\nexport type U = O;\n" });
    expect(up).toHaveLength(1);
    expect(up[0]).toMatch(/^contract -> oracles runs up \(.*contract\/u\.ts imports .*oracles\/o\.ts\)$/);
    const across = check({ ...base, 'passive/p.ts': "import type { R } from '../run/r.js';\nexport type P = R;\n", 'run/r.ts': 'export type R = 2;\n' });
    expect(across).toHaveLength(1);
    expect(across[0]).toMatch(/^passive -> run runs across/);
    const unplaced = check({ ...base, 'extra/e.ts': "import type { T } from '../contract/t.js';\nexport type E = T;\n" });
    expect(unplaced).toHaveLength(1);
    expect(unplaced[0]).toMatch(/extra: not placed in the layer map/);
  });

  it('no package src has a folder cycle, and every import of the kit and the reference server keeps the declared layers', () => {
    expect((folderCycles as () => string[][])()).toEqual([]);
    expect((forbiddenLayerImports as () => string[])()).toEqual([]);
  });
});
