/**
 * Known failures (`--baseline`, `--write-baseline`). A baseline
 * file (YAML or JSON, schema in baseline.schema.json) lists violations accepted for now, by their
 * fingerprint (check, operation, clause, where in the body, rule; fingerprint.ts) or, in the older
 * form, by check id × operation alone, with a reason and an expiry date. A failure (or warning) whose
 * every violation is listed reports as `known` and
 * does not fail the run; a violation no entry lists fails it; a failure whose entry expired fails
 * again; a listed check that now passes is reported as fixed, to be removed from the file.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { ConfigError } from '../config/fields.js';
import type { BaselineSummary, CheckOutcome, ViolationKind } from '../contract/types.js';
import { fingerprintOf, kindsOf, stableFingerprint, type Fingerprint } from '../contract/fingerprint.js';
import baselineSchemaJson from './baseline.schema.json' with { type: 'json' };

/** JSON Schema (2020-12) of the baseline file. */
export const baselineSchema: Readonly<Record<string, unknown>> = baselineSchemaJson;

/**
 * One accepted failure. An entry with only check and operation (the first form of the file) accepts
 * every violation of the check; one with a fingerprint (clause, where, rule: fingerprint.ts)
 * accepts only the violations that have it, so a new violation of the same check still fails.
 */
export interface BaselineEntry {
  check: string;
  operation: string;
  clause?: string;
  where?: string;
  rule?: string;
  reason: string;
  /** Last day the entry holds (UTC), `YYYY-MM-DD`. */
  expires: string;
}

export interface Baseline {
  version: 1;
  entries: BaselineEntry[];
}

/** Days an entry written by --write-baseline holds. */
export const WRITTEN_ENTRY_DAYS = 90;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ENTRY_KEYS: ReadonlySet<string> = new Set(['check', 'operation', 'clause', 'where', 'rule', 'reason', 'expires']);

function refuse(file: string, what: string): never {
  throw new ConfigError(`--baseline file ${JSON.stringify(file)} ${what}. Fix: see baseline.schema.json, e.g. entries: [{check: requests-v3.limit.max, operation: GET /requests/v3, reason: "TICKET-1", expires: 2026-12-31}]`);
}

/** Validates a parsed baseline document (the schema's rules, with messages naming the entry). */
export function parseBaseline(data: unknown, file: string): Baseline {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) refuse(file, `must hold an object with version and entries, got ${JSON.stringify(data)}`);
  const doc = data as Record<string, unknown>;
  if (doc.version !== 1) refuse(file, `must have version: 1, got ${JSON.stringify(doc.version)}`);
  if (!Array.isArray(doc.entries)) refuse(file, `must have a list of entries, got ${JSON.stringify(doc.entries)}`);
  const entries = (doc.entries as unknown[]).map((raw, i): BaselineEntry => {
    const e = (raw ?? {}) as Record<string, unknown>;
    for (const key of ['check', 'operation', 'reason', 'expires']) {
      const v = key === 'expires' && e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : e[key];
      if (typeof v !== 'string' || v.trim() === '') refuse(file, `entry ${i + 1} must have a non-empty ${key}, got ${JSON.stringify(e[key])}`);
    }
    const expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : (e.expires as string);
    if (!DAY.test(expires) || Number.isNaN(Date.parse(`${expires}T00:00:00Z`))) refuse(file, `entry ${i + 1} (${String(e.check)}) must have expires as YYYY-MM-DD, got ${JSON.stringify(expires)}`);
    const marks: Partial<Pick<BaselineEntry, 'clause' | 'where' | 'rule'>> = {};
    for (const key of ['clause', 'where', 'rule'] as const) {
      if (e[key] === undefined) continue;
      if (typeof e[key] !== 'string' || e[key].trim() === '') refuse(file, `entry ${i + 1} (${String(e.check)}) must have ${key} as a non-empty string when given, got ${JSON.stringify(e[key])}`);
      marks[key] = e[key];
    }
    const unknown = Object.keys(e).filter((k) => !ENTRY_KEYS.has(k));
    if (unknown.length > 0) refuse(file, `entry ${i + 1} (${String(e.check)}) has unknown field${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}`);
    return { check: e.check as string, operation: e.operation as string, ...marks, reason: e.reason as string, expires };
  });
  return { version: 1, entries };
}

/**
 * Reads and validates a baseline file (YAML or JSON); a missing or invalid file is a {@link ConfigError}.
 * A missing one says how to write it (`--write-baseline`) or to drop the flag.
 */
export function readBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ConfigError(
        `--baseline file ${JSON.stringify(path)} does not exist. Fix: write it with one run, \`crosschain-conformance … --write-baseline ${path}\` (this run's failures as known failures; then give each entry its reason), or drop --baseline`,
      );
    }
    refuse(path, `cannot be read (${code ?? 'unreadable'})`);
  }
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (err) {
    refuse(path, `is not valid YAML (${(err instanceof Error ? err.message : String(err)).split('\n')[0]})`);
  }
  return parseBaseline(data, path);
}

/** `YYYY-MM-DD` of a date (UTC). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether an entry still holds on `today` (its expiry day included). */
export function holds(entry: BaselineEntry, today: string): boolean {
  return entry.expires >= today;
}

/** Whether `entry` accepts the violation of fingerprint `f`: same check and operation, and each fingerprint field the entry gives. */
export function matches(entry: BaselineEntry, f: Fingerprint): boolean {
  return differences(entry, f).length === 0;
}

/**
 * The fingerprint fields in which `entry` does not accept `f` (empty: it accepts it). The entry is
 * read as a fingerprint without data ({@link stableFingerprint}), so a baseline written before
 * record ids were kept out of `rule` still matches the same fault on other data.
 */
export function differences(entry: BaselineEntry, f: Fingerprint): Array<{ field: 'check' | 'operation' | 'clause' | 'where' | 'rule'; listed: string; now: string }> {
  const e = stableFingerprint(entry);
  const out: Array<{ field: 'check' | 'operation' | 'clause' | 'where' | 'rule'; listed: string; now: string }> = [];
  for (const field of ['check', 'operation', 'clause', 'where', 'rule'] as const) {
    const listed = e[field];
    if (listed === undefined) continue;
    const now = f[field] ?? '';
    if (listed !== now) out.push({ field, listed, now });
  }
  return out;
}

/**
 * Why no entry of the check accepts violation `kind`: the nearest entry of the same check and
 * operation (fewest differing fields) and what differs, e.g. `the nearest entry (rule "…") differs
 * in where: listed "/a", now "/b"`; undefined when the check has no entry.
 */
export function nearestMiss(baseline: Baseline, outcome: Pick<CheckOutcome, 'id' | 'operation' | 'clauses'>, kind: ViolationKind): string | undefined {
  const f = fingerprintOf(outcome, kind);
  const ranked = entriesFor(baseline, outcome)
    .map((entry) => ({ entry, diff: differences(entry, f) }))
    .filter((r) => r.diff.length > 0)
    .sort((a, b) => a.diff.length - b.diff.length);
  const nearest = ranked[0];
  if (!nearest) return undefined;
  const what = nearest.diff.map((d) => `${d.field}: listed ${JSON.stringify(d.listed)}, now ${JSON.stringify(d.now)}`).join('; ');
  const reason = nearest.entry.reason.length > 60 ? `${nearest.entry.reason.slice(0, 60)}…` : nearest.entry.reason;
  return `the nearest baseline entry (${reason}) differs in ${what}`;
}

/** The entries of a check × operation (any fingerprint). */
export function entriesFor(baseline: Baseline, outcome: Pick<CheckOutcome, 'id' | 'operation'>): BaselineEntry[] {
  return baseline.entries.filter((e) => e.check === outcome.id && e.operation === outcome.operation);
}

/** The entry that accepts one violation of an outcome, if any (a holding one before an expired one). */
export function entryOf(baseline: Baseline, outcome: Pick<CheckOutcome, 'id' | 'operation' | 'clauses'>, kind: ViolationKind, today: string): BaselineEntry | undefined {
  const f = fingerprintOf(outcome, kind);
  const all = entriesFor(baseline, outcome).filter((e) => matches(e, f));
  return all.find((e) => holds(e, today)) ?? all[0];
}

/** The violations of a failing outcome; one without any (an error mapped to a failure) stands as one without a fingerprint. */
function failureKinds(outcome: CheckOutcome): ViolationKind[] {
  const kinds = kindsOf(outcome);
  return kinds.length > 0 ? kinds : [{ message: outcome.reason ?? '', expected: '', received: '', count: 1 }];
}

/** Violations of a failing outcome that no holding entry accepts. */
function unaccepted(outcome: CheckOutcome, baseline: Baseline, today: string): ViolationKind[] {
  return failureKinds(outcome).filter((k) => {
    const e = entryOf(baseline, outcome, k, today);
    return !(e && holds(e, today));
  });
}

/**
 * Applies the baseline to one outcome: a failure or warning whose every violation an entry that
 * holds accepts becomes `known`; one with a violation no entry lists
 * stays and shows that violation first; one with an expired entry stays and says so; a listed check
 * that passes says it is fixed.
 */
export function applyBaseline(outcome: CheckOutcome, baseline: Baseline, today: string): CheckOutcome {
  const listed = entriesFor(baseline, outcome);
  if (listed.length === 0) return outcome;
  if (outcome.status === 'fail' || outcome.status === 'warn') {
    const kinds = failureKinds(outcome);
    const entries = kinds.map((k) => entryOf(baseline, outcome, k, today));
    const open = unaccepted(outcome, baseline, today);
    if (open.length === 0) {
      const used = entries.find((e): e is BaselineEntry => e !== undefined);
      if (!used) return outcome;
      return { ...outcome, status: 'known', reason: `known failure (baseline: ${used.reason}; expires ${used.expires})` };
    }
    const expired = entries.find((e) => e !== undefined && !holds(e, today));
    if (expired && open.every((k) => entryOf(baseline, outcome, k, today) !== undefined)) {
      return { ...outcome, reason: `baseline entry expired on ${expired.expires} (${expired.reason}): the failure counts again` };
    }
    if (entries.every((e) => e === undefined)) {
      // The check is listed, but for another violation: say which entry came nearest and what differs.
      const miss = nearestMiss(baseline, outcome, open[0]!);
      return miss ? { ...outcome, reason: `no baseline entry matches this violation: ${miss}` } : outcome;
    }
    // Some violations are listed, another is new: the new one is the one to show.
    const fresh = open.find((k) => entryOf(baseline, outcome, k, today) === undefined) ?? open[0]!;
    const shown = outcome.violation && fingerprintEquals(outcome, outcome.violation, fresh) ? outcome.violation : { message: fresh.message, expected: fresh.expected, received: fresh.received, ...markFields(fresh) };
    const miss = nearestMiss(baseline, outcome, fresh);
    return { ...outcome, violation: shown, reason: `a violation no baseline entry lists (${open.length} of ${kinds.length} kind${kinds.length === 1 ? '' : 's'} of violation not listed)${miss ? `: ${miss}` : ''}` };
  }
  if (outcome.status === 'pass') return { ...outcome, reason: `fixed: listed as a known failure (${listed[0]!.reason}); remove it from the baseline` };
  return outcome;
}

function fingerprintEquals(outcome: CheckOutcome, a: Parameters<typeof fingerprintOf>[1], b: Parameters<typeof fingerprintOf>[1]): boolean {
  return JSON.stringify(fingerprintOf(outcome, a)) === JSON.stringify(fingerprintOf(outcome, b));
}

function markFields(k: ViolationKind): Partial<ViolationKind> {
  const out: Partial<ViolationKind> = {};
  for (const key of ['clause', 'where', 'rule', 'divergence'] as const) if (k[key] !== undefined) out[key] = k[key];
  return out;
}

/** What the baseline did to a run's outcomes (after {@link applyBaseline}). */
export function baselineSummary(file: string, outcomes: readonly CheckOutcome[], baseline: Baseline, today: string): BaselineSummary {
  const listed = (o: CheckOutcome) => entriesFor(baseline, o).length > 0;
  const expired = (o: CheckOutcome) => kindsOf(o).some((k) => {
    const e = entryOf(baseline, o, k, today);
    return e !== undefined && !holds(e, today);
  });
  return {
    file,
    known: outcomes.filter((o) => o.status === 'known' && listed(o)).map((o) => o.id),
    fixed: outcomes.filter((o) => o.status === 'pass' && listed(o)).map((o) => o.id),
    expired: outcomes.filter((o) => (o.status === 'fail' || o.status === 'warn') && expired(o)).map((o) => o.id),
  };
}

/**
 * The baseline of a run's failures, warnings and known failures, one entry per violation by its
 * fingerprint (a catalogued divergence of the live service gets its id as the reason).
 * An entry of `previous` that accepts the violation and still holds keeps its reason and expiry;
 * new ones get a placeholder reason and expire in 90 days.
 */
export function baselineOf(outcomes: readonly CheckOutcome[], today: Date, previous?: Baseline): Baseline {
  const expires = dayOf(new Date(today.getTime() + WRITTEN_ENTRY_DAYS * 86_400_000));
  const day = dayOf(today);
  const entries: BaselineEntry[] = [];
  for (const o of outcomes) {
    if (o.status !== 'fail' && o.status !== 'warn' && o.status !== 'known') continue;
    const kinds = kindsOf(o);
    if (kinds.length === 0) {
      const kept = previous && entriesFor(previous, o).find((e) => holds(e, day));
      entries.push(kept ? { ...kept } : { check: o.id, operation: o.operation, reason: `TODO: why this is accepted (${o.reason ?? o.status})`.slice(0, 300), expires });
    }
    for (const k of kinds) {
      const f = fingerprintOf(o, k);
      const kept = previous && entryOf(previous, o, k, day);
      const fresh = k.divergence ? `catalogued divergence of the live service: ${k.divergence} (specs/clauses.yaml)` : `TODO: why this is accepted (${k.message})`.slice(0, 300);
      const { reason, expires: until } = kept && holds(kept, day) ? kept : { reason: fresh, expires };
      const entry: BaselineEntry = { check: f.check, operation: f.operation, ...(f.clause ? { clause: f.clause } : {}), ...(f.where ? { where: f.where } : {}), rule: f.rule, reason, expires: until };
      if (!entries.some((e) => JSON.stringify(e) === JSON.stringify(entry))) entries.push(entry);
    }
  }
  return { version: 1, entries };
}

/** The baseline file's text (YAML, with a pointer to its schema for editors). */
export function renderBaseline(baseline: Baseline): string {
  return `# yaml-language-server: $schema=./node_modules/@crosschain/conformance/dist/baseline/baseline.schema.json\n# Known failures of crosschain-conformance (--baseline): each violation by check, operation, clause, where in the body and rule; why, until when.\n${stringifyYaml(baseline, { lineWidth: 0 })}`;
}
