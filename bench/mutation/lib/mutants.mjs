/**
 * Pure helpers of the mutation bench (no Stryker import, no I/O): which files are mutated, the
 * stable key of a mutant, the seeded sample, the catalogue switches left unmutated, and the triage
 * file's shape. Shared by the driver (run.mjs), the Stryker plugins and the judge.
 */

/**
 * The reference server's semantic modules: query, store, views, routes,
 * deprecation, lifecycle and events. Not the fault or variant catalogues (faults.ts, variants/),
 * not the CLI, not the HTTP plumbing or the data generator. Paths relative to packages/mock-server.
 */
export const MUTATE = [
  'src/query/**/*.ts',
  'src/store/**/*.ts',
  'src/views/**/*.ts',
  'src/routes/**/*.ts',
  'src/deprecation.ts',
  'src/lifecycle/**/*.ts',
  'src/events/**/*.ts',
];

/** Where a mutant sits: `file:line:col-line:col` with 1-based lines and columns (as editors show). */
export function whereOf(mutant) {
  const { start, end } = mutant.location;
  return `${mutant.file}:${start.line}:${start.column}-${end.line}:${end.column}`;
}

/**
 * Stryker's API locations are 0-based lines and 0-based columns; the JSON report's are 1-based
 * lines and 1-based columns. Both are normalised here to 1-based lines and columns.
 */
export function fromApiLocation(location) {
  return {
    start: { line: location.start.line + 1, column: location.start.column + 1 },
    end: { line: location.end.line + 1, column: location.end.column + 1 },
  };
}

/** The source text a location covers (1-based lines and columns, end exclusive). */
export function textAt(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const parts = [lines[start.line - 1].slice(start.column - 1)];
  for (let l = start.line; l < end.line - 1; l += 1) parts.push(lines[l]);
  parts.push(lines[end.line - 1].slice(0, end.column - 1));
  return parts.join('\n');
}

/** Whitespace folded, so a key survives re-indentation; a long text shortened to its start and a hash. */
const fold = (s) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= 120 ? t : `${t.slice(0, 60)}…#${hash32(t).toString(16).padStart(8, '0')}`;
};

/**
 * Content keys of mutants, stable across edits elsewhere in the file (lines move when another
 * helper adds a fault or a check): file, mutator, the original text, the replacement, and the
 * occurrence index among mutants of the same four. `mutants` are `{ file, mutatorName,
 * replacement, original }` in source order; returns their keys in the same order.
 */
export function contentKeys(mutants) {
  const seen = new Map();
  return mutants.map((m) => {
    const base = `${m.file}|${m.mutatorName}|${fold(m.original)}|${fold(m.replacement)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}|#${n}`;
  });
}

/** 32-bit FNV-1a of a string, then a murmur3 finaliser (so close keys spread). */
export function hash32(text, seed = 0) {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The seeded sample: the `size` keys of smallest `hash32(key, seed)` (ties by key), so the same
 * seed and mutants give the same sample, and a mutant added or removed elsewhere changes the
 * sample by at most one member. `size` of Infinity (or above the count) takes every key.
 */
export function sampleKeys(keys, seed, size) {
  const ranked = [...new Set(keys)].map((key) => ({ key, rank: hash32(key, seed) }));
  ranked.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return new Set(ranked.slice(0, Math.min(size, ranked.length)).map((r) => r.key));
}

/** Identity of a mutant inside one run (same sources): where, mutator, replacement. */
export function runIdentity(file, location, mutatorName, replacement) {
  return `${whereOf({ file, location })}|${mutatorName}|${replacement}`;
}

// ---------------------------------------------------------------------------------------------
// Catalogue switches: `faults.has('name')`, `ctx.faults.has(...)`, `this.options.faults.has(...)`,
// `variants?.has(...)`, the query engine's page-level fault flags (`faults.gap`). They belong to the fault and variant catalogues, which the bench does not
// mutate: at the default run every fault and variant is off, so mutating the switch off (or its
// name) changes nothing, and switching one on is a catalogued fault the self-test already proves
// caught. The code only a switch reaches (the consequent of `if (switch)` / `switch ? a : b`,
// also under `&&`) is fault or variant code, left out the same way.
// ---------------------------------------------------------------------------------------------

const CATALOGUES = new Set(['faults', 'variants']);

const isMember = (n) => n?.type === 'MemberExpression' || n?.type === 'OptionalMemberExpression';
/** The name an expression is known by: `faults` for `faults` and for `x.faults`. */
const nameOf = (n) => (n?.type === 'Identifier' ? n.name : isMember(n) && !n.computed ? n.property?.name : undefined);

/**
 * `x.faults.has('a')`, `faults.has('a')`, `variants?.has('a')`, and the page-level fault flags
 * `faults.gap`, `faults.overlap`, ... (the query engine's `PageFaults`): a babel node (plain object).
 */
export function isCatalogueSwitch(node) {
  if (isMember(node) && !node.computed && node.object?.type === 'Identifier' && node.object.name === 'faults' && node.property?.type === 'Identifier') return true;
  if (!node || (node.type !== 'CallExpression' && node.type !== 'OptionalCallExpression')) return false;
  const callee = node.callee;
  if (!callee || (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression')) return false;
  if (callee.computed || callee.property?.type !== 'Identifier' || callee.property.name !== 'has') return false;
  return CATALOGUES.has(nameOf(callee.object)) && node.arguments?.length === 1 && node.arguments[0].type === 'StringLiteral';
}

/** A test that can hold only when a catalogue switch is on: the switch, or an `&&` with one. */
export function needsCatalogueSwitch(test) {
  if (!test) return false;
  if (isCatalogueSwitch(test)) return true;
  if (test.type === 'LogicalExpression' && test.operator === '&&') return needsCatalogueSwitch(test.left) || needsCatalogueSwitch(test.right);
  return false;
}

const SWITCH = 'catalogue switch (faults/variants): off at the default run, the catalogues are not mutated';
const REACHED = 'code reached only under a fault or variant switch (the catalogues are not mutated)';

/**
 * A Stryker ignorer's `shouldIgnore(path)`: why a node is left unmutated, or undefined. The code
 * only a switch reaches is noted when its parent is entered (`if`, `?:`, `&&`), because by the
 * time the traversal reaches it, Stryker has already replaced the parent's test by its mutant
 * switches.
 */
export function catalogueIgnorer() {
  const reached = new WeakSet();
  return (path) => {
    const node = path.node;
    if (isCatalogueSwitch(node)) return SWITCH;
    if ((node.type === 'IfStatement' || node.type === 'ConditionalExpression') && needsCatalogueSwitch(node.test)) reached.add(node.consequent);
    if (node.type === 'LogicalExpression' && node.operator === '&&' && needsCatalogueSwitch(node.left)) reached.add(node.right);
    return reached.has(node) ? REACHED : undefined;
  };
}

// ---------------------------------------------------------------------------------------------
// Triage file (triage.json): { "<content key>": { class, why, ... } }.
// ---------------------------------------------------------------------------------------------

export const TRIAGE_CLASSES = ['equivalent', 'unconstrained', 'gap'];

/**
 * Checks a parsed triage file; returns the entries as a Map (key -> entry) or throws with every
 * problem listed. equivalent needs `why`; unconstrained needs `why` and `quote` (the sentence of
 * the document that leaves the behaviour open); gap needs `why`, `rule` (what the document says
 * that the mutant breaks) and `check` (what check should catch it).
 */
export function parseTriage(json) {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || typeof json.entries !== 'object' || json.entries === null) {
    throw new Error('triage.json must be an object with an "entries" object');
  }
  const problems = [];
  const out = new Map();
  for (const [key, e] of Object.entries(json.entries)) {
    if (typeof e !== 'object' || e === null) {
      problems.push(`${key}: not an object`);
      continue;
    }
    if (!TRIAGE_CLASSES.includes(e.class)) problems.push(`${key}: class must be one of ${TRIAGE_CLASSES.join(', ')}, got ${JSON.stringify(e.class)}`);
    if (typeof e.why !== 'string' || e.why.trim() === '') problems.push(`${key}: "why" is missing`);
    if (e.class === 'unconstrained' && (typeof e.quote !== 'string' || e.quote.trim() === '')) problems.push(`${key}: unconstrained needs the "quote" that leaves it open`);
    if (e.class === 'gap' && (typeof e.rule !== 'string' || typeof e.check !== 'string')) problems.push(`${key}: a gap needs "rule" and "check"`);
    out.set(key, e);
  }
  if (problems.length) throw new Error(`triage.json has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  return out;
}

/**
 * The score of a run: Stryker's (killed + timeout) / (all judged), and the score over
 * contract-relevant mutants, killed / (killed + gaps), where killed includes timeouts and
 * crashes. Survivors without a triage entry are counted apart and, for a bound, as gaps.
 */
export function scores({ killed, survived, gaps, untriaged }) {
  const judged = killed + survived;
  return {
    mutationScore: judged ? killed / judged : undefined,
    contractScore: killed + gaps ? killed / (killed + gaps) : undefined,
    contractScoreUntriagedAsGaps: killed + gaps + untriaged ? killed / (killed + gaps + untriaged) : undefined,
  };
}
