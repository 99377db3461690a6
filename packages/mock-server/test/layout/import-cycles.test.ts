/**
 * Layout: no import cycles in any package's `src/`, this server's `query/` included.
 * The graph is read from the TypeScript sources by scripts/import-cycles.mjs: type imports count,
 * in every package (the kit's type-only circles went unseen while it was exempt).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts, without declarations
import { forbiddenCycles, importCycles, importGraph, SOURCE_DIRS } from '../../../../scripts/import-cycles.mjs';

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
});
