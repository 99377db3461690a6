/**
 * The compact, query-relevant view of one request ("row"). The store indexes rows; the full v3
 * record (document, Resources > Request record (v3)) is built from a row only when it is served.
 */
import type { Feature, RequestType, V3Status } from './catalogue.js';

export interface Row {
  /** Position in the default order (createdAt desc, id desc); set by the store. */
  idx: number;
  id: string;
  status: V3Status;
  requestType: RequestType | null;
  originChainId: number;
  destinationChainId: number;
  /** Currency in / out (chainId, address, symbol). */
  inChainId: number;
  inAddress: string;
  inSymbol: string;
  outChainId: number;
  outAddress: string;
  outSymbol: string;
  /** `data.route.actual.origin.inputCurrency.amountUsd` as a number (NaN when absent). */
  amountUsd: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  user: string | null;
  sender: string | null;
  recipient: string | null;
  depositAddress: string | null;
  depositor: string | null;
  orderId: string | null;
  /** Deposit (inTxs) hashes and blocks. */
  inTxHashes: string[];
  inBlocks: number[];
  /** Fill (outTxs on the destination) hashes and blocks. */
  fillTxHashes: string[];
  outBlocks: number[];
  /** Refund tx hashes (outTxs of a refund). */
  refundTxHashes: string[];
  failedTxHash: string | null;
  failReason: string | null;
  refundFailReason: string | null;
  /** The API key that created the request (index into API_KEYS), or -1 for none. */
  keyIdx: number;
  /** Referrer of the request (v2 root `referrer`, v3 `data.referrer`), or null. */
  referrer: string | null;
  /** Bitmask of FEATURE_BIT. */
  features: number;
  featureList: Feature[];
  /** Total app fees in USD (0 when none). */
  appFeesUsd: number;
  /** Seconds from deposit to fill; NaN when not filled. */
  fillTimeSec: number;
  /** Id of the request that supersedes this one, or null. */
  supersededByRequestId: string | null;
  /** Id of the parent request (child requests, `includeChildRequests`), or null. */
  parentId: string | null;
  /** UUID of the private chain the request touches, or null. */
  privateChain: string | null;
}
