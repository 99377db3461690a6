/**
 * Shared by the GET /requests/v3 filter families (API document, GET /requests/v3 parameter table;
 * live facts §1.4): filter samples drawn from discovery, the soundness oracle (ANY plausible field
 * matches) and the completeness probe narrowed around a record's creation.
 */
import fc from 'fast-check';
import { brief, violate } from '../../contract/expect.js';
import type { CheckContext, Exchange } from '../../contract/types.js';
import { around, createdSec, fetchPage, holds, walk, type Query } from './listing.js';
import { MAX_LIMIT } from '../../contract/limits.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../../contract/record.js';
import {
  EQUALITY_PARAMS,
  candidates,
  matchesComplete,
  matchesSound,
  recordId,
  type EqualityParam,
  type RecordJson,
} from '../../contract/record.js';

/** Page size of every filter walk: the document's maximum (generated from the spec). */
export const LIMIT = MAX_LIMIT;

/** One filter sample: a parameter, a value, and (for completeness) a record that must match it. */
export interface Sample {
  param: EqualityParam;
  value: string | number;
  record: RecordJson;
}

/** Samples already drawn, per list of records (discovery's, shared by the checks of a run) and parameters. */
const sampleMemo = new WeakMap<readonly RecordJson[], Map<string, readonly Sample[]>>();

/**
 * Every (param, value, record) where the record completely matches the value. Computed once per
 * list of records and parameters (kit CPU: several filter checks ask it of discovery's
 * records); the list is frozen.
 */
export function completeSamples(records: readonly RecordJson[], params: readonly EqualityParam[] = EQUALITY_PARAMS): readonly Sample[] {
  let known = sampleMemo.get(records);
  if (!known) {
    known = new Map();
    sampleMemo.set(records, known);
  }
  const key = params.join(',');
  let samples = known.get(key);
  if (!samples) {
    samples = Object.freeze(samplesOf(records, params));
    known.set(key, samples);
  }
  return samples;
}

function samplesOf(records: readonly RecordJson[], params: readonly EqualityParam[]): Sample[] {
  const out: Sample[] = [];
  for (const param of params) {
    const seen = new Set<string>();
    for (const record of records) {
      if (createdSec(record) === undefined || recordId(record) === undefined) continue;
      for (const value of candidates(record, param)) {
        if (param === 'status' && !FILTERABLE_STATUSES.includes(String(value))) continue;
        if (seen.has(String(value)) || !matchesComplete(record, param, value)) continue;
        seen.add(String(value));
        out.push({ param, value, record });
      }
    }
  }
  return out;
}

/**
 * The boundary samples (boundaries.ts): for every parameter, its sample from the newest record that
 * has one (records come newest first), so each parameter is tested on every run, at the window's edge.
 */
export function firstPerParam(samples: readonly Sample[]): Sample[] {
  const seen = new Set<EqualityParam>();
  return samples.filter((s) => !seen.has(s.param) && seen.add(s.param));
}

/** Balanced arbitrary over samples: first a parameter, then one of its samples. */
export function sampleArb(samples: readonly Sample[]): fc.Arbitrary<Sample> {
  const byParam = new Map<EqualityParam, Sample[]>();
  for (const s of samples) byParam.set(s.param, [...(byParam.get(s.param) ?? []), s]);
  return fc.constantFrom(...byParam.keys()).chain((p) => fc.constantFrom(...byParam.get(p)!));
}

/** Property runs of a filter check: the configured number, at most `max`. */
export function runs(ctx: CheckContext, max: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.min(ctx.config.numRuns, max)) };
}

/** Requires every record of the walk to match `param=value` (soundness). */
export function ensureSound(records: readonly RecordJson[], pages: ReadonlyArray<{ exchange: Exchange }>, params: Array<[EqualityParam, string | number]>): void {
  for (const r of records) {
    for (const [param, value] of params) {
      if (!matchesSound(r, param, value)) {
        violate(
          `Every record returned for ${param}=${value} must match it`,
          `records whose ${param} is ${value}`,
          `id ${recordId(r) ?? '?'} with ${param} candidates ${brief(candidates(r, param))}`,
          pages[0]!.exchange,
        );
      }
    }
  }
}

/**
 * Requires the record to be in the result of `query` narrowed around its creation. When it is not,
 * the record is fetched again by id: if it no longer matches (a live record changed status since
 * discovery), that is not a violation. `seen`: records the check already has from `query` over a
 * wider window; when they hold the record it was returned, and nothing more is asked.
 */
export async function ensureReturned(
  ctx: CheckContext,
  r: RecordJson,
  query: Query,
  why: string,
  stillMatches?: (current: RecordJson) => boolean,
  seen?: readonly RecordJson[],
): Promise<void> {
  const id = recordId(r)!;
  if (seen && holds(seen, id)) return;
  const w = await walk(ctx, { ...query, ...around(r), limit: LIMIT }, { maxPages: 3 });
  if (holds(w.records, id)) return;
  if (stillMatches) {
    const again = await fetchPage(ctx, { id, ...around(r) }, `the record ${id} by id`);
    const current = again.records.find((x) => recordId(x) === id);
    if (current && !stillMatches(current)) return;
  }
  violate(
    `A record that matches ${why} must be returned`,
    `id ${id} (created ${String(r.createdAt)}) in the result`,
    `${w.records.length} records: ${sample(idsOf(w.records)) || 'none'}`,
    w.pages[w.pages.length - 1]!.exchange,
  );
}
