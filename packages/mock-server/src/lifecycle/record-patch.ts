/**
 * Status changes on a served NDJSON file (`--data`): the stored v3 record is patched from its row
 * (status, updatedAt, fail reasons, the transactions a step added), so that every view shows the
 * change as it does for generated data (whose records are built from the row).
 */
import type { Json } from '../data/record-v3.js';
import type { Row } from '../data/row.js';

/** A transaction entry (document: Transaction entry) for a hash a lifecycle step added. */
function txEntry(hash: string, chainId: number, block: number | undefined, at: number): Json {
  return { txHash: hash, fee: '0', block: block ?? 0, type: 'onchain', chainId, timestamp: Math.floor(at / 1000), status: 'success', data: {}, stateChanges: [] };
}

function hashesOf(list: unknown): Set<string> {
  return new Set((Array.isArray(list) ? list : []).map((t) => String((t as Json | null)?.txHash ?? '').toLowerCase()));
}

/** Applies the row's lifecycle fields to `rec` (a fresh copy) and returns it. */
export function patchRecord(rec: Json, row: Row): Json {
  rec.status = row.status;
  rec.updatedAt = new Date(row.updatedAt).toISOString();
  const data = (rec.data ?? (rec.data = {})) as Json;
  data.failReason = row.failReason;
  data.refundFailReason = row.refundFailReason;
  data.failedTxHash = row.failedTxHash;
  const inTxs = Array.isArray(data.inTxs) ? (data.inTxs as Json[]) : (data.inTxs = []) as Json[];
  const haveIn = hashesOf(inTxs);
  row.inTxHashes.forEach((h, i) => {
    if (!haveIn.has(h.toLowerCase())) inTxs.push(txEntry(h, row.originChainId, row.inBlocks[i], row.updatedAt));
  });
  const outTxs = Array.isArray(data.outTxs) ? (data.outTxs as Json[]) : (data.outTxs = []) as Json[];
  const haveOut = hashesOf(outTxs);
  for (const h of row.fillTxHashes) if (!haveOut.has(h.toLowerCase())) outTxs.push(txEntry(h, row.destinationChainId, row.outBlocks[0], row.updatedAt));
  for (const h of row.refundTxHashes) if (!haveOut.has(h.toLowerCase())) outTxs.push(txEntry(h, row.originChainId, row.outBlocks[row.outBlocks.length - 1], row.updatedAt));
  const dep = rec.depositAddress as Json | null | undefined;
  if (dep && !dep.depositTxHash && row.inTxHashes[0]) dep.depositTxHash = row.inTxHashes[0];
  return rec;
}
