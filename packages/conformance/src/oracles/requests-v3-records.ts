/**
 * Record oracles of GET /requests/v3 (API document, Request record (v3)): fail reasons are null
 * when there is none; a same-chain swap has no destination side; a sponsor's payment is in the
 * actual phase of the fee sponsorship only.
 */
import { get, recordRequestType, recordStatus, type RecordJson } from '../contract/record.js';
import { brief } from '../contract/expect.js';
import { V3, firstBad, page, type Oracle } from './oracle.js';

/** The catalogued divergence of the live service that explains the exact string "N/A" as a v3 fail reason (specs/clauses.yaml). */
export const FAIL_REASON_NA_DIVERGENCE = 'divergence.fail-reason-na-v3';

/** What is wrong with a record's fail reasons: the field, its value, and whether it is the v2 placeholder (any spelling of N/A). */
interface FailReasonFinding {
  field: string;
  value: unknown;
  placeholder: boolean;
}

function failReasonFinding(r: RecordJson): FailReasonFinding | undefined {
  for (const field of ['failReason', 'refundFailReason']) {
    const value = get(r, 'data', field);
    if (typeof value === 'string' && value.trim().toUpperCase() === 'N/A') return { field, value, placeholder: true };
  }
  if (recordStatus(r) === 'success') {
    for (const field of ['failReason', 'refundFailReason']) {
      const value = get(r, 'data', field);
      if (value !== null && value !== undefined) return { field, value, placeholder: false };
    }
  }
  return undefined;
}

/** The problem with a record's fail reasons, or undefined (null when none, never `N/A`). */
export function failReasonProblem(r: RecordJson): string | undefined {
  const f = failReasonFinding(r);
  if (f === undefined) return undefined;
  return f.placeholder ? `data.${f.field} = "${String(f.value)}" (the v2 placeholder)` : `data.${f.field} = ${brief(f.value)} on a successful request`;
}

/** The destination sides a record has (`data.route.quoted.destination`, `data.route.actual.destination`). */
export function destinationSides(r: RecordJson): string[] {
  return (['quoted', 'actual'] as const).filter((phase) => {
    const side = get(r, 'data', 'route', phase, 'destination');
    return side !== undefined && side !== null;
  }).map((phase) => `data.route.${phase}.destination`);
}

export const failReason: Oracle = {
  id: 'requests-v3.record.fail-reason-null',
  applies: page,
  judge(s) {
    const received = firstBad(s.records!, failReasonProblem);
    if (received === undefined) return undefined;
    // The live service still returns the exact string "N/A" in v3 (its enum keeps it): that finding carries the divergence's id, as a field.
    const finding = failReasonFinding(s.records!.find((r) => failReasonFinding(r) !== undefined)!)!;
    const divergence = finding.placeholder && finding.value === 'N/A' ? { divergence: FAIL_REASON_NA_DIVERGENCE } : {};
    return { message: 'failReason and refundFailReason are null when there is none (v2 used "N/A")', expected: 'null or a reason', received, ...divergence };
  },
};

export const sameChain: Oracle = {
  id: 'requests-v3.record.same-chain-no-destination',
  applies: (s) => page(s) && s.records!.some((r) => recordRequestType(r) === 'Same-chain Swap'),
  judge(s) {
    const received = firstBad(s.records!, (r) => {
      const sides = recordRequestType(r) === 'Same-chain Swap' ? destinationSides(r) : [];
      return sides.length > 0 ? `a Same-chain Swap with ${sides.join(' and ')}` : undefined;
    });
    return received === undefined ? undefined : { message: 'Same-chain swaps have no destination side; read origin.outputCurrency there', expected: 'no data.route.quoted.destination and no data.route.actual.destination', received };
  },
};

/** A record's `data.feeSponsorship.quoted` when it is an object (the field is nullable on the live service). */
const quotedSponsorship = (r: RecordJson): Record<string, unknown> | undefined => {
  const q = get(r, 'data', 'feeSponsorship', 'quoted');
  return q !== null && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : undefined;
};

/**
 * `sponsorPayment` is in `feeSponsorship.actual` only (API document, Resources > data.feeSponsorship;
 * the change table: the sponsorship "gains `actual.sponsorPayment`"): what the sponsor paid exists
 * once the request is executed, never in the quote. A `null` there names no payment and is let be.
 */
export const sponsorPaymentActualOnly: Oracle = {
  id: 'requests-v3.record.sponsor-payment-actual-only',
  operation: V3,
  applies: (s) => page(s) && s.records!.some((r) => quotedSponsorship(r) !== undefined),
  judge(s) {
    const received = firstBad(s.records!, (r) => {
      const payment = quotedSponsorship(r)?.sponsorPayment;
      return payment === undefined || payment === null ? undefined : `data.feeSponsorship.quoted.sponsorPayment = ${brief(payment)}`;
    });
    return received === undefined ? undefined : { message: 'sponsorPayment is in feeSponsorship.actual only, never in the quote', expected: 'no data.feeSponsorship.quoted.sponsorPayment', received };
  },
};
