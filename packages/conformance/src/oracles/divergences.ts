/**
 * The catalogued divergences of the live service (specs/clauses.yaml, `kind: divergence`) that
 * explain a passive violation: a violation they explain is still reported, labelled with the
 * divergence id, so that a report tells a known difference of the live service from a new one.
 * Each explanation names the check it applies to and what it explains, as narrowly as the
 * divergence allows (a required field missing is `divergence.elided-samples` only on a record the
 * publisher cut down: a placeholder or shortened id). A schema violation is labelled only when
 * every one of its errors is explained (the errors the validator reports: at most 10 per response).
 */
import { FAIL_REASON_NA_DIVERGENCE, failReason } from './requests-v3-records.js';
import type { SchemaError } from '../contract/types.js';
import { isObject } from '../contract/outcome.js';
import { SCHEMA_CHECK_IDS } from './schema-ids.js';

/** One schema error as `<pointer> <keyword>`: for `required`, the pointer of the missing property; list items as `/requests/<n>`. */
export interface ErrorKey {
  pointer: string;
  keyword: string;
  /** The value at the pointer (undefined for a missing property). */
  value: unknown;
  /** The record (element of `requests`) the error lies in, if any. */
  record?: Record<string, unknown>;
  /** The object that holds (or lacks) the property at the pointer. */
  parent?: unknown;
  /** The whole response body. */
  body?: unknown;
}

interface SchemaExplanation {
  id: string;
  /** The schema check ids it applies to. */
  checks: readonly string[];
  explains(e: ErrorKey): boolean;
}


/** A record cut down by its publisher: a placeholder id (`<ORIGINAL_REQUEST_ID>`) or a shortened one (`0x0000348634...`). */
const elidedRecord = (r: Record<string, unknown> | undefined): boolean => typeof r?.id === 'string' && (/^<[^>]+>$/.test(r.id) || /(\.\.\.|…)$/.test(r.id));
const V3_SCHEMA = [SCHEMA_CHECK_IDS.requestsV3];
/** A transaction entry with only its `chainId` (the live same-chain form: `{"chainId": 10}`). */
const chainOnlyEntry = (entry: unknown): entry is { chainId: number } => isObject(entry) && Object.keys(entry).length === 1 && typeof entry.chainId === 'number';
/**
 * A record of a same-chain swap on the entry's chain: `requestType` says so (v3), or its deposit
 * (`data.inTxs`) was made on that same chain (v2 records have no requestType).
 */
function sameChainRecord(record: Record<string, unknown> | undefined, entry: unknown): boolean {
  if (!record || !chainOnlyEntry(entry)) return false;
  if (record.requestType !== undefined) return record.requestType === 'Same-chain Swap';
  const data = isObject(record.data) ? record.data : {};
  const ins = Array.isArray(data.inTxs) ? data.inTxs : [];
  return ins.length > 0 && ins.every((t) => isObject(t) && t.chainId === entry.chainId);
}
/** A record's pointer without its list prefix. */
const inRecord = (e: ErrorKey): string => e.pointer.replace(/^\/requests\/\d+/, '');
const NULLABLE_LIVE = /^\/(sender|requestType|data\/timeEstimate|data\/fees|data\/feeSponsorship|data\/route\/(quoted|actual)\/(origin|destination)|protocol)$/;

const SCHEMA_EXPLANATIONS: readonly SchemaExplanation[] = [
  {
    id: 'divergence.intents-status-unknown',
    checks: [SCHEMA_CHECK_IDS.intentsStatus, SCHEMA_CHECK_IDS.intentsStatusV2, SCHEMA_CHECK_IDS.intentsStatusV3],
    // Only the live `{"status":"unknown"}` body: its status, and the fields it lacks beside it.
    explains: (e) => isObject(e.body) && e.body.status === 'unknown' && ((e.pointer === '/status' && e.keyword === 'enum') || (e.keyword === 'required' && /^\/(inTxHashes|txHashes|time|updatedAt|originChainId|destinationChainId)$/.test(e.pointer))),
  },
  // The live name instead of the document's: a record without partnerId that has moonpayId.
  { id: 'divergence.partner-id-name', checks: V3_SCHEMA, explains: (e) => e.keyword === 'required' && inRecord(e) === '/data/externalMetadata/partnerId' && isObject(e.parent) && 'moonpayId' in e.parent },
  { id: 'divergence.superseded-by-request-id-optional', checks: V3_SCHEMA, explains: (e) => e.keyword === 'required' && inRecord(e) === '/supersededByRequestId' },
  {
    id: 'divergence.route-amount-partial',
    checks: V3_SCHEMA,
    // A route amount with its currency and amount, lacking only the formatted and USD forms.
    explains: (e) =>
      e.keyword === 'required' &&
      /^\/data\/route\/(quoted|actual)\/(origin|destination)\/(inputCurrency|outputCurrency)\/(amountFormatted|amountUsd)$/.test(inRecord(e)) &&
      isObject(e.parent) &&
      'currency' in e.parent &&
      'amount' in e.parent,
  },
  { id: 'divergence.nullable-fields', checks: V3_SCHEMA, explains: (e) => e.keyword === 'type' && e.value === null && NULLABLE_LIVE.test(inRecord(e)) },
  { id: 'divergence.vmtype-hederavm', checks: [SCHEMA_CHECK_IDS.currenciesV2], explains: (e) => e.keyword === 'enum' && e.value === 'hederavm' && /\/vmType$/.test(e.pointer) },
  { id: 'divergence.rent-bucket', checks: V3_SCHEMA, explains: (e) => e.keyword === 'enum' && e.value === 'rent' && /\/selectedComponents\/\d+$/.test(inRecord(e)) },
  // An out-transaction entry of a same-chain swap that holds only its chain (the fill happened in the deposit's own transaction).
  { id: 'divergence.same-chain-tx-without-hash', checks: [SCHEMA_CHECK_IDS.requestsV2, ...V3_SCHEMA], explains: (e) => e.keyword === 'required' && /^\/data\/outTxs\/\d+\/[A-Za-z]+$/.test(inRecord(e)) && chainOnlyEntry(e.parent) && sameChainRecord(e.record, e.parent) },
  // Last: the editorial cut explains what no divergence of the service itself does.
  {
    id: 'divergence.elided-samples',
    checks: V3_SCHEMA,
    explains: (e) => (e.value === '…' && /^\/data\/feeSponsorship\/actual\/components\/[A-Za-z]+$/.test(inRecord(e))) || (e.keyword === 'required' && elidedRecord(e.record) && /^\/[A-Za-z]+$/.test(inRecord(e))),
  },
];

/**
 * The violations of other oracles that a divergence explains carry its id in their own
 * `Problem.divergence` (a field the oracle sets, never read back out of its words): the exact
 * "N/A" fail reason of requests-v3.record.fail-reason-null.
 */
const PROBLEM_DIVERGENCES: readonly { id: string; check: string }[] = [{ id: FAIL_REASON_NA_DIVERGENCE, check: failReason.id }];

/** Every check id an explanation applies to (a test checks each is a definition of the registry). */
export const EXPLAINED_CHECKS: readonly string[] = [...new Set([...SCHEMA_EXPLANATIONS.flatMap((x) => x.checks), ...PROBLEM_DIVERGENCES.map((x) => x.check)])];

/** Every divergence id an explanation names (a test checks each is catalogued). */
export const EXPLAINING_DIVERGENCES: readonly string[] = [...new Set([...SCHEMA_EXPLANATIONS, ...PROBLEM_DIVERGENCES].map((x) => x.id))];

function at(json: unknown, pointer: string): unknown {
  let cur = json;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isObject(cur)) cur = cur[key];
    else return undefined;
  }
  return cur;
}

/** The key of a schema error of `json`. */
export function errorKey(error: SchemaError, json: unknown): ErrorKey {
  const keyword = error.schemaPath.split('/').pop() ?? '';
  const missing = keyword === 'required' ? error.missingProperty : undefined;
  const pointer = missing !== undefined ? `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
  const listItem = /^\/requests\/(\d+)/.exec(pointer);
  const record = listItem ? at(json, `/requests/${listItem[1]}`) : undefined;
  const parent = at(json, pointer.slice(0, Math.max(0, pointer.lastIndexOf('/'))));
  return { pointer, keyword, value: missing !== undefined ? undefined : at(json, pointer), ...(isObject(record) ? { record } : {}), parent, body: json };
}

/** The divergence ids that explain every error of a schema violation, or undefined when one is not explained. */
export function schemaDivergence(check: string, errors: readonly SchemaError[], json: unknown): string | undefined {
  if (errors.length === 0) return undefined;
  const ids = new Set<string>();
  for (const error of errors) {
    const key = errorKey(error, json);
    const x = SCHEMA_EXPLANATIONS.find((d) => d.checks.includes(check) && d.explains(key));
    if (!x) return undefined;
    ids.add(x.id);
  }
  return [...ids].sort().join(', ');
}
