/**
 * Presents a v3 record: authenticated fields only for the owning integrator (document rule 6 and
 * Authentication 4), plus the record-level faults.
 */
import { API_KEYS } from '../data/catalogue.js';
import type { Json } from '../data/record-v3.js';
import type { Row } from '../data/row.js';
import type { Faults } from '../faults.js';
import type { Store } from '../store/store.js';
import type { Variants } from '../variants/catalogue.js';
import { addExtrasDeep } from '../variants/extra-fields.js';
import { applyLiveRecordForms } from '../variants/live-record.js';

export interface PresentContext {
  includeAuthenticatedData: boolean;
  /** Caller's integrator, or null. */
  integrator: string | null;
  faults: Faults;
  /** Allowed variations: record-extra-fields adds fields of every type to the record and its objects. */
  variants?: Variants;
}

/** True when the row was created by a key of `integrator`. */
export function ownedBy(row: Row, integrator: string | null): boolean {
  return integrator !== null && row.keyIdx >= 0 && API_KEYS[row.keyIdx].integrator === integrator;
}

export function presentV3(store: Store, row: Row, ctx: PresentContext): Json {
  const rec = store.dataset.record(row);
  const data = rec.data as Json;
  const leak = ctx.faults.has('v3-authenticated-leak');
  const withheld = ctx.faults.has('v3-authenticated-withheld');
  // Fault v3-authenticated-withheld-first-key: the requests created with the first key (API_KEYS[0]) lose their authenticated fields, for their owner too.
  const firstKeyWithheld = ctx.faults.has('v3-authenticated-withheld-first-key') && row.keyIdx === 0;
  if (ctx.includeAuthenticatedData && !withheld && !firstKeyWithheld && (ownedBy(row, ctx.integrator) || (leak && row.keyIdx >= 0))) {
    Object.assign(data, store.dataset.authenticated(row));
  }
  if (ctx.faults.has('v3-failreason-na')) {
    if (data.failReason === null) data.failReason = 'N/A';
    if (data.refundFailReason === null) data.refundFailReason = 'N/A';
  }
  if (ctx.faults.has('v3-missing-requesttype')) delete rec.requestType;
  const route = data.route as Json | null | undefined;
  if (ctx.faults.has('v3-same-chain-destination') && route) {
    for (const phase of ['quoted', 'actual'] as const) {
      const p = route[phase] as Json | null | undefined;
      if (p && p.origin && !p.destination) p.destination = structuredClone(p.origin);
    }
  }
  if (ctx.faults.has('v3-amount-number') && route) {
    for (const phase of ['quoted', 'actual'] as const) {
      const p = route[phase] as Json | null | undefined;
      for (const sideName of ['origin', 'destination'] as const) {
        const side = p?.[sideName] as Json | null | undefined;
        for (const amt of ['inputCurrency', 'outputCurrency'] as const) {
          const a = side?.[amt] as Json | null | undefined;
          if (a && typeof a.amount === 'string') a.amount = Number(a.amount);
        }
      }
    }
  }
  if (ctx.variants) applyLiveRecordForms(rec, ctx.variants);
  if (ctx.variants?.has('record-extra-fields')) addExtrasDeep(rec);
  return rec;
}
