/**
 * Record oracles of GET /requests/v3 (API document, Request record (v3)): fail reasons are null
 * when there is none; a same-chain swap has no destination side.
 */
import { destinationSides, failReasonProblem } from '../checks/requests-v3-records.js';
import { recordRequestType } from '../checks/support/record.js';
import { firstBad, page, type Oracle } from './oracle.js';

export const failReason: Oracle = {
  id: 'requests-v3.record.fail-reason-null',
  applies: page,
  judge(s) {
    const received = firstBad(s.records!, failReasonProblem);
    return received === undefined ? undefined : { message: 'failReason and refundFailReason are null when there is none (v2 used "N/A")', expected: 'null or a reason', received };
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
