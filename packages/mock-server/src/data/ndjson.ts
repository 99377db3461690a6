/**
 * `--data <file.ndjson>`: loads v3 records (one JSON object per line) instead of generating them.
 * Each line is validated against the contract's `RequestV3` schema; a bad line is reported by its
 * number with the reason. A record belongs to the API key whose name equals `data.apiKeyName`,
 * else to the first key of the integrator whose referrer equals `data.referrer`, else to none.
 */
import { readFileSync } from 'node:fs';
import { API_KEYS, CHAIN_BY_ID, FEATURE_BIT, INTEGRATORS, type Feature, type RequestType, type V3Status } from './catalogue.js';
import { describeErrors, schemaValidator } from '../schema.js';
import type { Dataset } from './dataset.js';
import type { Json } from './record-v3.js';
import { compareDefault } from './generate.js';
import type { Row } from './row.js';

/** Error of a data file, naming the line. */
export class DataFileError extends Error {}

const AUTH_FIELDS = ['referrer', 'platformFee', 'apiKeyName'] as const;

type O = Record<string, unknown>;
const obj = (v: unknown): O | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as O) : undefined);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);

function keyIndexOf(data: O): number {
  const name = str(data.apiKeyName);
  if (name) {
    const i = API_KEYS.findIndex((k) => k.keyName === name);
    if (i >= 0) return i;
  }
  const referrer = str(data.referrer);
  const integrator = INTEGRATORS.find((g) => g.referrer === referrer);
  return integrator ? API_KEYS.findIndex((k) => k.integrator === integrator.name) : -1;
}

/** The row (query view) of a v3 record. */
export function rowFromRecord(rec: Json): Row {
  const data = obj(rec.data) ?? {};
  const route = obj(data.route) ?? {};
  const phase = obj(route.actual) ?? obj(route.quoted) ?? {};
  const origin = obj(phase.origin) ?? {};
  const destination = obj(phase.destination);
  const input = obj(obj(origin.inputCurrency)?.currency) ?? {};
  const output = obj(obj((destination ?? origin).outputCurrency)?.currency) ?? {};
  const inTxs = (Array.isArray(data.inTxs) ? data.inTxs : []).map((t) => obj(t) ?? {});
  const outTxs = (Array.isArray(data.outTxs) ? data.outTxs : []).map((t) => obj(t) ?? {});
  const settlement = obj(obj(obj(rec.protocol)?.settlement)?.destination) ?? {};
  const refundIds = new Set((Array.isArray(settlement.refunds) ? settlement.refunds : []).map((r) => str(obj(r)?.transactionId)).filter(Boolean));
  const isRefundTx = (t: O): boolean => refundIds.has(str(t.txHash)) || (rec.status === 'refund' && refundIds.size === 0);
  const fills = outTxs.filter((t) => !isRefundTx(t));
  const refunds = outTxs.filter(isRefundTx);
  const originChainId = num(input.chainId ?? inTxs[0]?.chainId);
  const destinationChainId = num(output.chainId ?? outTxs[0]?.chainId ?? originChainId);
  const features = (Array.isArray(rec.features) ? rec.features : []).filter((f): f is string => typeof f === 'string');
  const appActual = Array.isArray(obj(data.appFees)?.actual) ? (obj(data.appFees)!.actual as unknown[]) : [];
  const appFeesUsd = appActual.reduce<number>((s, a) => s + (num(obj(a)?.amountUsd) || 0), 0);
  const depositAddress = obj(rec.depositAddress);
  const inTs = num(inTxs[0]?.timestamp);
  const fillTs = num(fills[0]?.timestamp);
  const keyIdx = keyIndexOf(data);
  const privateChain = [originChainId, destinationChainId].map((c) => CHAIN_BY_ID.get(c)?.privateUuid).find(Boolean) ?? null;
  return {
    idx: 0,
    id: String(rec.id),
    status: rec.status as V3Status,
    requestType: (str(rec.requestType) as RequestType | null) ?? null,
    originChainId,
    destinationChainId,
    inChainId: num(input.chainId),
    inAddress: str(input.address) ?? '',
    inSymbol: str(input.symbol) ?? '',
    outChainId: num(output.chainId),
    outAddress: str(output.address) ?? '',
    outSymbol: str(output.symbol) ?? '',
    amountUsd: num(obj(origin.inputCurrency)?.amountUsd),
    createdAt: Date.parse(String(rec.createdAt)),
    updatedAt: Date.parse(String(rec.updatedAt)),
    user: str(rec.user),
    sender: str(rec.sender),
    recipient: str(rec.recipient),
    depositAddress: str(depositAddress?.address),
    depositor: str(depositAddress?.depositor),
    orderId: str(obj(rec.protocol)?.orderId),
    inTxHashes: inTxs.map((t) => str(t.txHash)).filter((h): h is string => h !== null),
    inBlocks: inTxs.map((t) => num(t.block)).filter((b) => !Number.isNaN(b)),
    fillTxHashes: fills.map((t) => str(t.txHash)).filter((h): h is string => h !== null),
    outBlocks: outTxs.map((t) => num(t.block)).filter((b) => !Number.isNaN(b)),
    refundTxHashes: refunds.map((t) => str(t.txHash)).filter((h): h is string => h !== null),
    failedTxHash: str(data.failedTxHash),
    failReason: str(data.failReason) === 'N/A' ? null : str(data.failReason),
    refundFailReason: str(data.refundFailReason) === 'N/A' ? null : str(data.refundFailReason),
    keyIdx,
    referrer: str(data.referrer),
    features: features.reduce((m, f) => m | (FEATURE_BIT[f as Feature] ?? 0), 0),
    featureList: features as Feature[],
    appFeesUsd,
    fillTimeSec: rec.status === 'success' && !Number.isNaN(inTs) && !Number.isNaN(fillTs) ? Math.max(0, fillTs - inTs) : Number.NaN,
    supersededByRequestId: str(rec.supersededByRequestId),
    parentId: null,
    privateChain,
  };
}

/** Parses and validates NDJSON text; throws DataFileError naming the first bad line. */
export function parseNdjson(text: string, source = 'data file'): Dataset {
  const validate = schemaValidator('RequestV3');
  const records: Json[] = [];
  const ids = new Map<string, number>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const n = i + 1;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new DataFileError(`${source} line ${n}: invalid JSON (${(err as Error).message})`);
    }
    if (!validate(value)) throw new DataFileError(`${source} line ${n}: not a valid RequestV3 record: ${describeErrors(validate)}`);
    const rec = value as Json;
    const id = String(rec.id);
    if (ids.has(id)) throw new DataFileError(`${source} line ${n}: duplicate id ${id} (first seen on line ${ids.get(id)})`);
    if (Number.isNaN(Date.parse(String(rec.createdAt))) || Number.isNaN(Date.parse(String(rec.updatedAt)))) {
      throw new DataFileError(`${source} line ${n}: createdAt/updatedAt must be ISO 8601 timestamps`);
    }
    ids.set(id, n);
    records.push(rec);
  });
  const pairs = records.map((rec) => ({ rec, row: rowFromRecord(rec) }));
  const byId = new Map(pairs.map((p) => [p.row.id, p.row]));
  for (const { row } of pairs) {
    if (row.supersededByRequestId) {
      const child = byId.get(row.supersededByRequestId);
      if (child) child.parentId = row.id;
    }
  }
  pairs.sort((a, b) => compareDefault(a.row, b.row));
  const stored = new Map<Row, Json>();
  pairs.forEach((p, i) => {
    p.row.idx = i;
    stored.set(p.row, p.rec);
  });
  return {
    rows: pairs.map((p) => p.row),
    source: 'file',
    record(row) {
      const rec = structuredClone(stored.get(row)!);
      const data = rec.data as Json;
      for (const f of AUTH_FIELDS) delete data[f];
      return rec;
    },
    authenticated(row) {
      const data = stored.get(row)!.data as Json;
      return { referrer: data.referrer ?? null, platformFee: data.platformFee ?? null, apiKeyName: data.apiKeyName ?? null };
    },
  };
}

/** Reads `path` and parses it as NDJSON v3 records. */
export function loadNdjson(path: string): Dataset {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new DataFileError(`cannot read data file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  return parseNdjson(text, path);
}
