/**
 * One definition per check: a check's id string is written once, in the module
 * of src/checks/ that defines it, and its family is derived from it (contract/family.ts).
 *
 * What counts as a restatement: a quoted string literal ('…' or "…") equal to a check id, in the
 * code of a TypeScript file under src/ (comments are prose and do not count) other than the module
 * that exports the check, or the oracle module the check takes its id from (`id: oracle.id`: the
 * judgement and the check share one constant). What does not: a clause reference inside a `clauses: [...]` list (a
 * clause id of specs/clauses.yaml, often spelt like the check that tests it), and data files that
 * refer to definitions by id and are held by their own tests: specs/clauses.yaml's `checks:` reverse
 * map (test/clauses.test.ts) and src/shard/costs.json (test/shard/). Oracles that report under a
 * check's id take it from the module that writes it (an exported constant), as the definitions do.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { familyOf } from '../../src/contract/family.js';
import type { CheckDefinition } from '../../src/contract/types.js';

const SRC = new URL('../../src/', import.meta.url).pathname;

/**
 * The restatements left, by file: none. Oracles that report under several ids export them
 * (`FILTER_IDS`, `PAGING_IDS`, `V2_SIGNAL_IDS`, `CURRENCIES_V2_IDS`; the schema checks' ids in
 * oracles/schema-ids.ts) and the definitions take them from there. An entry here is a restatement
 * someone chose to keep; the list must stay empty or shrink, never grow.
 */
const RESTATED: Record<string, readonly string[]> = {};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a TypeScript file without its comments and without the contents of its `clauses: [...]` lists. */
function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[\s;{}(),])\/\/[^\n]*/g, '$1')
    .replace(/\bclauses: \[[^\]]*\]/g, 'clauses: []');
}

/** The check ids quoted in `code`, each once. */
function quotedIds(code: string, ids: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/'([^'\n\\]*)'|"([^"\n\\]*)"/g)) {
    const s = m[1] ?? m[2]!;
    if (ids.has(s)) found.add(s);
  }
  return [...found].sort();
}

/**
 * Where a check's id is written: its defining module, or, when the definition takes it from the
 * oracle of the registry it shares its judgement with (`id: keyRequiredOracle.id`), that oracle's
 * module, imported by the definition. Undefined when neither writes it.
 */
function homeOf(definer: string, writers: readonly string[], code: ReadonlyMap<string, string>): string | undefined {
  if (writers.includes(definer)) return definer;
  const imported = writers.filter((file) => file.startsWith('oracles/') && code.get(definer)!.includes(`from '../${file.replace(/\.ts$/, '.js')}'`));
  return imported.length === 1 ? imported[0] : undefined;
}

/** Each check id with the module of src/checks/ that exports it (relative to src/). */
async function definingModules(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(SRC, 'checks'))) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const mod = (await import(join(SRC, 'checks', file))) as { checks?: readonly CheckDefinition[] };
    for (const check of mod.checks ?? []) out.set(check.id, `checks/${file}`);
  }
  return out;
}

describe('one definition per check', () => {
  it('every check of the registry is exported by exactly one module of src/checks/, or derived from its oracle (no definition written)', async () => {
    const modules = await definingModules();
    expect(allChecks.filter((c) => !modules.has(c.id) && c.oracleOnly !== true).map((c) => c.id)).toEqual([]);
    expect(allChecks.filter((c) => modules.has(c.id) && c.oracleOnly === true).map((c) => c.id)).toEqual([]);
  });

  it('a check id string appears only in its definition (and in the listed restatements, which must shrink)', async () => {
    const modules = await definingModules();
    const ids = new Set(allChecks.map((c) => c.id));
    const code = new Map(filesUnder(SRC).map((path) => [relative(SRC, path), readFileSync(path, 'utf8')]));
    const writers = new Map<string, string[]>();
    for (const [file, text] of code) for (const id of quotedIds(codeOf(text), ids)) writers.set(id, [...(writers.get(id) ?? []), file]);
    const restated: Record<string, string[]> = {};
    const homeless: string[] = [];
    for (const id of ids) {
      const files = writers.get(id) ?? [];
      // A check derived from its oracle is written once, in the module of src/oracles/ that exports the oracle.
      const derived = !modules.has(id);
      const home = derived ? (files.length === 1 && files[0]!.startsWith('oracles/') ? files[0] : undefined) : homeOf(modules.get(id)!, files, code);
      if (home === undefined) homeless.push(`${id}: written in ${files.join(', ') || 'no file'}`);
      for (const file of files) if (file !== home) (restated[file] ??= []).push(id);
    }
    for (const list of Object.values(restated)) list.sort();
    expect(homeless).toEqual([]);
    // Equal both ways: a new restatement fails, and so does an entry no longer needed (shrink the list).
    expect(restated).toEqual(RESTATED);
  });

  it('the scan sees what it is meant to see (a quoted id in code counts; comments and clause lists do not)', () => {
    const ids = new Set(['a-v1.x.y']);
    expect(quotedIds(codeOf("const id = 'a-v1.x.y';"), ids)).toEqual(['a-v1.x.y']);
    expect(quotedIds(codeOf('report("a-v1.x.y", e);'), ids)).toEqual(['a-v1.x.y']);
    expect(quotedIds(codeOf("// see 'a-v1.x.y'\n/** 'a-v1.x.y' */ const u = 'http://x';"), ids)).toEqual([]);
    expect(quotedIds(codeOf("clauses: ['a-v1.x.y', 'b'],"), ids)).toEqual([]);
    expect(quotedIds(codeOf("const u = 'http://h/a'; const id = 'a-v1.x.y';"), ids)).toEqual(['a-v1.x.y']);
  });

  it('no definition writes a family: it is derived from the id', () => {
    const written = filesUnder(join(SRC, 'checks')).filter((path) => /^\s*family\s*:/m.test(codeOf(readFileSync(path, 'utf8'))));
    expect(written.map((p) => relative(SRC, p))).toEqual([]);
    for (const check of allChecks) expect(check.family).toBe(familyOf(check.id));
  });
});
