/**
 * Known failures (`--baseline`, `--write-baseline`; issue 10 item 5). A baseline file (YAML or
 * JSON, schema in baseline.schema.json) lists failures accepted for now, by check id × operation,
 * with a reason and an expiry date. A listed failure (or warning) reports as `known` and does not
 * fail the run; a failure whose entry expired fails again; a listed check that now passes is
 * reported as fixed, to be removed from the file.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { ConfigError } from '../config/fields.js';
import type { BaselineSummary, CheckOutcome } from '../engine/types.js';
import baselineSchemaJson from './baseline.schema.json' with { type: 'json' };

/** JSON Schema (2020-12) of the baseline file. */
export const baselineSchema: Readonly<Record<string, unknown>> = baselineSchemaJson;

/** One accepted failure. */
export interface BaselineEntry {
  check: string;
  operation: string;
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
    return { check: e.check as string, operation: e.operation as string, reason: e.reason as string, expires };
  });
  return { version: 1, entries };
}

/** Reads and validates a baseline file (YAML or JSON); a missing or invalid file is a {@link ConfigError}. */
export function readBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    refuse(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
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

/** The entry of a check × operation, if any. */
export function entryFor(baseline: Baseline, outcome: Pick<CheckOutcome, 'id' | 'operation'>): BaselineEntry | undefined {
  return baseline.entries.find((e) => e.check === outcome.id && e.operation === outcome.operation);
}

/**
 * Applies the baseline to one outcome: a failure or warning with an entry that holds becomes
 * `known`; one with an expired entry stays and says so; a listed check that passes says it is fixed.
 */
export function applyBaseline(outcome: CheckOutcome, baseline: Baseline, today: string): CheckOutcome {
  const entry = entryFor(baseline, outcome);
  if (!entry) return outcome;
  if (outcome.status === 'fail' || outcome.status === 'warn') {
    if (holds(entry, today)) return { ...outcome, status: 'known', reason: `known failure (baseline: ${entry.reason}; expires ${entry.expires})` };
    return { ...outcome, reason: `baseline entry expired on ${entry.expires} (${entry.reason}): the failure counts again` };
  }
  if (outcome.status === 'pass') return { ...outcome, reason: `fixed: listed as a known failure (${entry.reason}); remove it from the baseline` };
  return outcome;
}

/** What the baseline did to a run's outcomes (after {@link applyBaseline}). */
export function baselineSummary(file: string, outcomes: readonly CheckOutcome[], baseline: Baseline, today: string): BaselineSummary {
  const listed = (o: CheckOutcome) => entryFor(baseline, o);
  return {
    file,
    known: outcomes.filter((o) => o.status === 'known').map((o) => o.id),
    fixed: outcomes.filter((o) => o.status === 'pass' && listed(o)).map((o) => o.id),
    expired: outcomes.filter((o) => (o.status === 'fail' || o.status === 'warn') && listed(o) && !holds(listed(o)!, today)).map((o) => o.id),
  };
}

/**
 * The baseline of a run's failures, warnings and known failures: entries already in `previous`
 * keep their reason and expiry; new ones get a placeholder reason and expire in 90 days.
 */
export function baselineOf(outcomes: readonly CheckOutcome[], today: Date, previous?: Baseline): Baseline {
  const expires = dayOf(new Date(today.getTime() + WRITTEN_ENTRY_DAYS * 86_400_000));
  const entries = outcomes
    .filter((o) => o.status === 'fail' || o.status === 'warn' || o.status === 'known')
    .map((o): BaselineEntry => {
      const kept = previous && entryFor(previous, o);
      return kept && holds(kept, dayOf(today)) ? { ...kept } : { check: o.id, operation: o.operation, reason: `TODO: why this is accepted (${o.violation?.message ?? o.status})`.slice(0, 300), expires };
    });
  return { version: 1, entries };
}

/** The baseline file's text (YAML, with a pointer to its schema for editors). */
export function renderBaseline(baseline: Baseline): string {
  return `# yaml-language-server: $schema=./node_modules/@crosschain/conformance/dist/baseline/baseline.schema.json\n# Known failures of crosschain-conformance (--baseline): check x operation, why, until when.\n${stringifyYaml(baseline, { lineWidth: 0 })}`;
}
