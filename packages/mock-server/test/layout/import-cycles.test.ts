/**
 * Layout (issue 12): no import cycles in any package's `src/`, this server's `query/` included.
 * The graph is read from the TypeScript sources by scripts/import-cycles.mjs (type imports count).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts, without declarations
import { importCycles, importGraph, SOURCE_DIRS } from '../../../../scripts/import-cycles.mjs';

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

  it('no package src has an import cycle', () => {
    expect(cyclesOf((importGraph as (dirs: string[]) => Graph)(SOURCE_DIRS as string[]))).toEqual([]);
  });
});
