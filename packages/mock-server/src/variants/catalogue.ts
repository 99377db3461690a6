/**
 * Variant catalogue: the dual of the fault catalogue (src/faults.ts). Each named variant makes one
 * choice that the API document (specs/sources/api-document.md) leaves open, or that a busy live
 * service makes (specs/sources/live-service-facts.md), so that the conformance kit can prove it
 * never fails a server that makes that choice. Variants in the same `exclusive` group cannot be
 * combined (a server has one cursor encoding, one error body shape, one data set).
 */

/** Why a variant is allowed: the document's sentence, its silence, or a live-service fact. */
export interface Allowance {
  source: 'document' | 'silence' | 'live-service' | 'rfc';
  /** Quoted from specs/sources/api-document.md (or the live-service facts, or the RFC). */
  text: string;
}

export interface VariantInfo {
  name: string;
  description: string;
  allowedBy: Allowance;
  /** Variants sharing a group are mutually exclusive. */
  exclusive?: 'cursor' | 'error-body' | 'content-encoding' | 'data-set';
  /**
   * `live`: the live service's form where it diverges from the API document (a `divergence.*`
   * entry of specs/clauses.yaml, named in `divergence`); switched on together by `--profile live`.
   * Without it the variant belongs to no profile (switched on only by name).
   */
  profile?: 'live';
  /** The divergence id of specs/clauses.yaml this variant reproduces (profile `live` only). */
  divergence?: string;
}

/** Server profiles: `contract` (the default) follows the API document; `live` adds every divergence of the live service. */
export const PROFILES = ['contract', 'live'] as const;
export type Profile = (typeof PROFILES)[number];

const LIMIT_SILENT = 'silence: "`limit` maximum is 50." and "| `limit` maximum | `POST /currencies/v2` | 100 |" state the maximum, not what a larger value gets';
const ERROR_BODY = 'document: "Error codes and body shape of v3 other than the 400 above: not shown." and "Error status codes and error bodies of the currencies and status operations: not shown."';
const CURSOR = 'document: "Pagination: pass `continuation` back to obtain the next page."; live-service facts §1.4: `continuation` is an "opaque cursor"';
const WRAPPER = 'document: "the wrapper field names are not further specified beyond `total`"';
const ONLY_JSON = 'document: "All bodies are JSON (`application/json`)."; RFC 8259 §4: the names of an object are unordered, insignificant whitespace is allowed';
const NEGOTIATION = 'silence: the document names no content coding; RFC 9110 §8.4 and §12.5.3: a server may apply a coding the request\'s Accept-Encoding accepts';
const DATA = 'silence: the document fixes no data set; a deployment may hold any number of requests';

/** Every variant the mock can switch on. */
export const variantCatalogue: readonly VariantInfo[] = [
  { name: 'limit-capped', allowedBy: { source: 'silence', text: LIMIT_SILENT }, description: 'a limit above the maximum is capped to it (50 on /requests/v3 and /requests/v2, 100 on /currencies/v2) instead of refused with 400.' },
  { name: 'auth-403', allowedBy: { source: 'document', text: 'document: "On `GET /requests/v3` the header is required and must carry an active key." and "Error codes and body shape of v3 other than the 400 above: not shown."' }, description: 'a missing or unknown key on GET /requests/v3 is refused with 403 instead of 401.' },
  { name: 'error-body-problem-json', exclusive: 'error-body', allowedBy: { source: 'document', text: ERROR_BODY }, description: 'error bodies are RFC 9457 application/problem+json ({type, title, status, detail}).' },
  { name: 'error-body-string', exclusive: 'error-body', allowedBy: { source: 'document', text: ERROR_BODY }, description: 'error bodies are the message alone, as a JSON string (not text/plain: "All bodies are JSON" is a MUST).' },
  { name: 'error-body-empty', exclusive: 'error-body', allowedBy: { source: 'document', text: ERROR_BODY }, description: 'error responses have an empty body.' },
  { name: 'cursor-numeric', exclusive: 'cursor', allowedBy: { source: 'live-service', text: CURSOR }, description: 'continuation values are JSON numbers (a server-side table of positions), sent back as their decimal text.' },
  { name: 'cursor-base64-json', exclusive: 'cursor', allowedBy: { source: 'live-service', text: CURSOR }, description: 'continuation values are standard base64 (+, /, = padding) of a JSON object.' },
  { name: 'cursor-long-signed', exclusive: 'cursor', allowedBy: { source: 'live-service', text: CURSOR }, description: 'continuation values are long signed tokens (over 1,000 characters, payload.signature).' },
  { name: 'cursor-fresh', exclusive: 'cursor', allowedBy: { source: 'live-service', text: CURSOR }, description: 'a new continuation value on every request, even for the same position.' },
  { name: 'continuation-null', allowedBy: { source: 'document', text: 'document: "The name of the response field that carries the next continuation value: not shown."' }, description: 'the last page carries "continuation": null instead of no continuation field.' },
  { name: 'wrapper-extra-string', allowedBy: { source: 'document', text: WRAPPER }, description: 'the list wrapper carries one extra string field ("requestId") on every page, the last one included.' },
  { name: 'wrapper-extra-fields', allowedBy: { source: 'document', text: WRAPPER }, description: 'the list wrapper carries extra fields of every JSON type (string, number, boolean, null, object, array).' },
  { name: 'record-extra-fields', allowedBy: { source: 'silence', text: 'silence: the document lists the fields of a request record; it does not say that no other field may appear (live-service facts §1.6 and §2.3 list fields the document lacks, e.g. `feeUsd`)' }, description: 'records, and nested objects in them (data, route, amounts, currencies, protocol), carry extra fields of every JSON type.' },
  { name: 'currency-extra-fields', allowedBy: { source: 'silence', text: 'silence: the document lists the fields of a currency; it does not say that no other field may appear' }, description: 'currencies (and their metadata) carry extra fields of every JSON type.' },
  { name: 'intent-status-extra-fields', allowedBy: { source: 'live-service', text: 'live-service facts §1.1: the live response has "`details` (string; missing from the spec)"' }, description: 'the intent status record carries extra fields of every JSON type (a `details` string among them).' },
  { name: 'key-order-reversed', allowedBy: { source: 'rfc', text: ONLY_JSON }, description: 'every JSON object of a body lists its keys in reverse order (the wrapper\'s cursor and total before the records).' },
  { name: 'pretty-json', allowedBy: { source: 'rfc', text: ONLY_JSON }, description: 'JSON bodies are pretty-printed (two-space indentation, newlines).' },
  { name: 'content-type-charset', allowedBy: { source: 'rfc', text: 'document: "All bodies are JSON (`application/json`)."; RFC 9110 §8.3.1: a media type may carry parameters' }, description: 'Content-Type is "application/json; charset=utf-8".' },
  { name: 'gzip', exclusive: 'content-encoding', allowedBy: { source: 'silence', text: NEGOTIATION }, description: 'bodies are gzip-coded when the request accepts gzip.' },
  { name: 'br', exclusive: 'content-encoding', allowedBy: { source: 'silence', text: NEGOTIATION }, description: 'bodies are brotli-coded when the request accepts br.' },
  { name: 'deflate', exclusive: 'content-encoding', allowedBy: { source: 'silence', text: NEGOTIATION }, description: 'bodies are deflate-coded (zlib) when the request accepts deflate.' },
  { name: 'chunked', allowedBy: { source: 'rfc', text: 'silence: the document names no transfer coding; RFC 9112 §7.1: chunked transfer coding' }, description: 'bodies are sent with Transfer-Encoding: chunked (no Content-Length), in several chunks.' },
  { name: 'connection-close', allowedBy: { source: 'rfc', text: 'silence: the document says nothing of connections; RFC 9112 §9.6: a server may close after any response' }, description: 'every response carries Connection: close and the server closes the connection after it.' },
  { name: 'sort-tiebreak-hash', allowedBy: { source: 'silence', text: 'document: "`sortBy` is one of `createdAt` (default), `updatedAt`, `amountUsd`." (the order of records with equal sort keys: not shown)' }, description: 'records with equal sort keys are ordered by a hash of their id instead of by id.' },
  { name: 'rate-limit-429', allowedBy: { source: 'document', text: 'document: "Rate limits are per API key. Numeric rate limits per key or per route: not shown."; live-service facts §1.10: "On a 429, back off exponentially."' }, description: 'one request in 150 is answered 429 (Retry-After: 1 and {message}; on /requests/v2 the documented 429 body without Retry-After), on every endpoint.' },
  { name: 'live-traffic', allowedBy: { source: 'live-service', text: 'document: "Transitions: not shown." and the endpoints list requests as they are; live-service facts §1.2: waiting → pending → submitted → success, pending → failure → pending or refund, "failure is not always final"' }, description: 'live traffic during the run: a new request arrives "now" every 250 ms, and every 100 ms a non-terminal request (anywhere in time) moves one lifecycle step, its updatedAt advancing (the server\'s advanceEveryMs / arriveEveryMs, unless they are set).' },
  { name: 'webhook-spaced-json', allowedBy: { source: 'rfc', text: 'silence: the document shows no webhook payload; RFC 8259 §2: insignificant whitespace is allowed around structural characters (live-service facts §1.9: the live service\'s verification sample re-serialises the body with JSON.stringify, so the live body is compact)' }, description: 'webhook bodies are JSON with ": " and ", " separators, not byte-identical to JSON.stringify of the parsed body (a receiver that re-serialises before verifying rejects them).' },
  { name: 'intents-status-unknown', profile: 'live', divergence: 'divergence.intents-status-unknown', allowedBy: { source: 'live-service', text: 'live-service facts §1.1: "/intents/status?requestId= returns {"status":"unknown"} until the deposit lands" (third-party probe; the SDK types the check status as ...|\'unknown\')' }, description: 'GET /intents/status (and /intents/status/v2, /v3) with an id the server does not know answers 200 {"status":"unknown"} instead of 404.' },
  { name: 'moonpay-id', profile: 'live', divergence: 'divergence.partner-id-name', allowedBy: { source: 'live-service', text: 'live-service facts §2.3: "data.externalMetadata.partnerId | data.externalMetadata.moonpayId (string|null). This is the real name."' }, description: 'v3 records name the partner id data.externalMetadata.moonpayId (the live name) instead of partnerId.' },
  { name: 'rent-bucket', profile: 'live', divergence: 'divergence.rent-bucket', allowedBy: { source: 'live-service', text: 'live-service facts §2.3: "feeSponsorship buckets execution/swap/platform/app | plus rent (Solana ATA rent) ... All 5 component keys are marked required in the schema."' }, description: 'feeSponsorship.quoted/actual.components carry a fifth component rent (never selected, zero when no Solana account rent was paid).' },
  { name: 'tx-fee-usd', profile: 'live', divergence: 'divergence.tx-fee-usd', allowedBy: { source: 'live-service', text: 'live-service facts §1.6: "v3 fields: txHash, fee (string, native smallest unit), feeUsd (string; missing from the spec), ..."' }, description: 'v3 transaction entries (inTxs[], outTxs[]) carry feeUsd, the fee in USD as a string with six decimals.' },
  { name: 'superseded-omitted', profile: 'live', divergence: 'divergence.superseded-by-request-id-optional', allowedBy: { source: 'live-service', text: 'live-service facts §2.3 and the migration guide\'s v3 record (specs/examples/published): supersededByRequestId is absent when not set' }, description: 'v3 records omit supersededByRequestId when it is null.' },
  { name: 'failed-call-data-object', profile: 'live', divergence: 'divergence.failed-call-data-object', allowedBy: { source: 'live-service', text: 'live-service facts §1.6: "failedCallData (v3) is {from, to, data, value}" (SDK /requests/v3), where the document says "failedCallData | string or null"' }, description: 'data.failedCallData of a failed request is the call object {from, to, data, value} instead of the calldata string.' },
  { name: 'records-0', exclusive: 'data-set', allowedBy: { source: 'silence', text: DATA }, description: 'the data set is empty.' },
  { name: 'records-1', exclusive: 'data-set', allowedBy: { source: 'silence', text: DATA }, description: 'the data set holds one request.' },
  { name: 'records-50', exclusive: 'data-set', allowedBy: { source: 'silence', text: DATA }, description: 'the data set holds exactly 50 requests (one full page at the maximum limit).' },
  { name: 'records-51', exclusive: 'data-set', allowedBy: { source: 'silence', text: DATA }, description: 'the data set holds 51 requests (a full page plus one).' },
];

/** The variants of a profile: none for `contract`, every live divergence for `live`. */
export function profileVariants(profile: Profile): string[] {
  return profile === 'live' ? variantCatalogue.filter((v) => v.profile === 'live').map((v) => v.name) : [];
}

/** Checks a profile name (an unknown one throws, naming the valid ones). */
export function checkProfile(profile: string): Profile {
  if (!(PROFILES as readonly string[]).includes(profile)) throw new Error(`unknown profile ${JSON.stringify(profile)}; valid profiles: ${PROFILES.join(', ')}`);
  return profile as Profile;
}

/** The set of active variants, checked with `has(name)`. */
export class Variants {
  private readonly active: ReadonlySet<string>;
  /** `names` plus the variants of `profile` (default `contract`: none). */
  constructor(names: readonly string[] = [], profile: Profile = 'contract') {
    names = [...new Set([...profileVariants(profile), ...names])];
    const unknown = names.filter((n) => !variantCatalogue.some((v) => v.name === n));
    if (unknown.length) {
      throw new Error(`unknown variant ${unknown.map((n) => JSON.stringify(n)).join(', ')}; valid variants: ${variantCatalogue.map((v) => v.name).join(', ')}`);
    }
    const groups = new Map<string, string[]>();
    for (const v of variantCatalogue) {
      if (v.exclusive && names.includes(v.name)) groups.set(v.exclusive, [...(groups.get(v.exclusive) ?? []), v.name]);
    }
    for (const [group, members] of groups) {
      if (members.length > 1) throw new Error(`variants ${members.join(' and ')} cannot be combined (one ${group} per server); pick one of them`);
    }
    this.active = new Set(names);
  }
  has(name: string): boolean {
    return this.active.has(name);
  }
  list(): string[] {
    return [...this.active];
  }
  get size(): number {
    return this.active.size;
  }
}
