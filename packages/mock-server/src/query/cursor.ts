/**
 * Opaque continuation cursors: base64url of the sort, the rank and id of the last record served,
 * and a fingerprint of the query, so a cursor is stable across pages and foreign cursors fail.
 */
import type { Faults } from '../faults.js';
import { badParam } from '../http/errors.js';
import { fnv1a } from '../prng.js';
import type { SortBy } from '../store/store.js';
import type { Params } from './params.js';
import type { Cursor } from './query.js';


export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify({ v: 1, s: c.sortBy, d: c.direction, r: c.rank, i: c.id, f: c.fingerprint })).toString('base64url');
}

const INVALID = 'a continuation value returned by a previous page of this same query';

/** Decodes a cursor or throws 400. The caller checks rank/id against the store. */
export function decodeCursor(raw: string, expected: { sortBy: SortBy; direction: 'asc' | 'desc'; fingerprint: string }, faults?: Faults): Cursor {
  if (raw.length === 0 || raw.length > 512 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw badParam('continuation', raw, INVALID);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badParam('continuation', raw, INVALID);
  }
  const o = parsed as Record<string, unknown>;
  // Fault v3-cursor-shape-500: the shape is not checked, so valid base64url of other JSON (null) throws below.
  const shapeOk = faults?.has('v3-cursor-shape-500') === true || (typeof o === 'object' && o !== null && o.v === 1 && typeof o.r === 'number' && Number.isInteger(o.r));
  if (
    !shapeOk ||
    typeof o.i !== 'string' || typeof o.f !== 'string' || o.s !== expected.sortBy || o.d !== expected.direction ||
    o.f !== expected.fingerprint
  ) {
    throw badParam('continuation', raw, INVALID);
  }
  return { sortBy: expected.sortBy, direction: expected.direction, rank: o.r as number, id: o.i, fingerprint: o.f };
}

/** Fingerprint of a query: its parameters except `excluded` (paging, presentation), the caller's integrator and the direction. */
export function queryFingerprint(params: Params, excluded: ReadonlySet<string>, integrator: string | null, direction: string): string {
  const entries = [...params.entries()].filter(([k]) => !excluded.has(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return fnv1a(JSON.stringify([entries, integrator, direction])).toString(36);
}
