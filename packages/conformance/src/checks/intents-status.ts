/**
 * GET /intents/status (deprecated): key optional, `fallback` for a refunded intent, and the live
 * service's `requestId` parameter and consistency with the listing (API document, Endpoints >
 * GET /intents/status; Resources > Intent status record; live-service facts §1.1).
 *
 * The document does not show the identifier parameter's name; the kit uses `requestId` (live facts
 * §1.1). Where a MUST check depends on it and the server does not answer 200 to it, the check is
 * skipped and the SHOULD check `intents-status.request-id-param` reports the difference.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { AuthChoice, CheckContext, CheckDefinition, Exchange } from '../contract/types.js';
import { validateRecorded } from './schema.js';
import { fetchPage, windowQuery } from './support/listing.js';
import { readStatus } from './support/status-reads.js';
import { depositTxHashes, destinationChainIds, fillTxHashes, get, originChainIds, recordId, recordStatus, updatedAtMs, type RecordJson } from '../contract/record.js';
import { bodyShown, fromProperty, isObject, pass, skip, statusLine } from '../contract/outcome.js';
import { SCHEMA_CHECK_IDS } from '../oracles/schema-ids.js';
import { ruleOf } from '../oracles/rules.js';

const OP = 'GET /intents/status';
const PATH = '/intents/status';

function getStatus(ctx: CheckContext, requestId: string, auth?: AuthChoice): Promise<Exchange> {
  return readStatus(ctx, PATH, requestId, auth);
}

/** Listed ids to ask about (discovered records first, then discovered ids). */
function listedIds(ctx: CheckContext): string[] {
  const ids = ctx.discovery.records.map(recordId).filter((id): id is string => id !== undefined);
  return [...new Set([...ids, ...ctx.discovery.values.ids])];
}

/** Hashes of a transaction list, lower-cased. */
function txHashes(r: RecordJson, list: 'inTxs' | 'outTxs'): string[] {
  const txs = get(r, 'data', list);
  if (!Array.isArray(txs)) return [];
  return txs.map((tx) => get(tx, 'txHash')).filter((h): h is string => typeof h === 'string' && h !== '').map((h) => h.toLowerCase());
}

function stringsOf(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]).map((v) => v.toLowerCase()) : undefined;
}

const small = (ctx: CheckContext, n: number): number => Math.max(1, Math.min(ctx.config.numRuns, n));

export const checks: CheckDefinition[] = withFamilies([
  {
    id: 'intents-status.auth.optional',
    title: 'GET /intents/status without x-api-key is served like with one',
    clauses: ['intents-status.auth.optional'],
    operation: OP,
    async run(ctx) {
      const id = listedIds(ctx)[0] ?? `0x${'0'.repeat(63)}1`;
      const anonymous = await getStatus(ctx, id, 'none');
      const status = anonymous.response?.status ?? 0;
      if (status === 429) return skip('the request without a key was rate limited (429); a key gives higher rate limits');
      ensure(
        status !== 401 && status !== 403,
        'The x-api-key header is optional on GET /intents/status: a request without it must not be refused for lack of a key',
        'the same answer as with a key (200 for a known id)',
        statusLine(anonymous),
        anonymous,
      );
      if (ctx.config.hasApiKey) {
        const keyed = await getStatus(ctx, id, 'primary');
        if (keyed.response?.status === 200) {
          ensure(status === 200, 'A request without x-api-key must be served when the same request with a key is', '200 (as with a key)', statusLine(anonymous), anonymous);
        }
      }
      return pass();
    },
  },
  {
    id: 'intents-status.request-id-param',
    title: 'GET /intents/status?requestId=<listed id> answers 200 with a status record',
    clauses: ['intents-status.request-id-param'],
    operation: OP,
    async run(ctx) {
      const ids = listedIds(ctx);
      if (ids.length === 0) return skip('no request id was discovered');
      const outcome = await ctx.property(
        fc.constantFrom(...ids),
        async (id) => {
          const e = await getStatus(ctx, id);
          ensure(e.response?.status === 200, 'The identifier parameter is `requestId` (live service): a listed id must be found', `200 for requestId=${id}`, statusLine(e), e);
          const body = e.response!.json;
          ensure(isObject(body) && typeof body.status === 'string', 'The answer must be an intent status record', '{"status": …, …}', () => bodyShown(e), e);
        },
        { numRuns: small(ctx, 4) },
      );
      return fromProperty(outcome);
    },
  },
  {
    id: 'intents-status.fallback-on-refund',
    title: 'A refunded request reports status fallback',
    clauses: ['intents-status.fallback-on-refund'],
    operation: OP,
    async run(ctx) {
      const refunds = ctx.discovery.records.filter((r) => recordStatus(r) === 'refund' && recordId(r) !== undefined);
      if (refunds.length === 0) return skip('no refunded request (status refund) in the discovery window');
      let answered = 0;
      for (const r of refunds.slice(0, 5)) {
        const e = await getStatus(ctx, recordId(r)!);
        if (e.response?.status !== 200) continue;
        answered++;
        const body = e.response.json;
        const status = isObject(body) ? body.status : undefined;
        if (status !== 'fallback') {
          violate('`fallback` is returned when the intent was refunded', `status "fallback" for refunded request ${recordId(r)}`, `status ${brief(status)}`, e);
        }
      }
      if (answered === 0) return skip('the status endpoint did not answer 200 for any refunded id with requestId=<id> (the parameter name is not shown in the document; see intents-status.request-id-param)');
      return pass(`${answered} refunded requests report fallback`);
    },
  },
  {
    id: 'intents-status.consistent-with-listing',
    title: 'Chain ids, hashes and time (ms = updatedAt) agree with the listed request',
    clauses: ['intents-status.consistent-with-listing'],
    operation: OP,
    /** The listing side of the comparison is GET /requests/v3, which needs a key. */
    requires: ['apiKey'],
    async run(ctx) {
      const ids = listedIds(ctx);
      if (ids.length === 0) return skip('no request id was discovered');
      let compared = 0;
      for (const id of ids.slice(0, 4)) {
        const e = await getStatus(ctx, id);
        if (e.response?.status !== 200 || !isObject(e.response.json)) continue;
        const s = e.response.json;
        /** The listed request, fetched right after the status so both describe the same moment. */
        const page = await fetchPage(ctx, { id, ...windowQuery(ctx) }, `the listing of request ${id}`);
        const r = page.records.find((x) => recordId(x) === id);
        if (!r) continue;
        compared++;
        const origins = originChainIds(r);
        if (origins.length > 0) {
          ensure(origins.includes(s.originChainId as number), 'originChainId must be the origin chain of the listed request', `one of ${brief(origins)}`, `originChainId = ${brief(s.originChainId)}`, e);
        }
        const destinations = destinationChainIds(r);
        if (destinations.length > 0) {
          ensure(
            destinations.includes(s.destinationChainId as number),
            'destinationChainId must be the destination chain of the listed request',
            `one of ${brief(destinations)}`,
            `destinationChainId = ${brief(s.destinationChainId)}`,
            e,
          );
        }
        const inHashes = stringsOf(s.inTxHashes);
        const listedIn = [...new Set([...txHashes(r, 'inTxs'), ...depositTxHashes(r).map((h) => h.toLowerCase())])];
        if (inHashes !== undefined && listedIn.length > 0) {
          const unknown = inHashes.filter((h) => !listedIn.includes(h));
          ensure(
            unknown.length === 0 && (inHashes.length > 0 || txHashes(r, 'inTxs').length === 0),
            "inTxHashes must be the incoming hashes of the listed request",
            `the hashes of its inTxs: ${brief(listedIn)}`,
            brief(inHashes),
            e,
          );
        }
        const outHashes = stringsOf(s.txHashes);
        const listedOut = [...new Set([...txHashes(r, 'outTxs'), ...fillTxHashes(r).map((h) => h.toLowerCase())])];
        if (outHashes !== undefined && outHashes.length > 0) {
          const unknown = outHashes.filter((h) => !listedOut.includes(h));
          ensure(unknown.length === 0, 'txHashes must be outgoing hashes of the listed request', `a subset of ${brief(listedOut)}`, brief(outHashes), e);
        }
        const updated = updatedAtMs(r);
        if (updated !== undefined && typeof s.time === 'number') {
          ensure(
            Math.abs(s.time - updated) < 1000,
            '`time` is the last update in Unix milliseconds (live service): it equals the listed updatedAt',
            `${updated} (updatedAt ${brief(r.updatedAt)})`,
            `time = ${s.time}${Math.abs(s.time * 1000 - updated) < 1000 ? ' (seconds, not milliseconds)' : ''}`,
            e,
          );
        }
      }
      if (compared === 0) return skip('the status endpoint answered no listed id with 200 (requestId=<id>)');
      return pass(`${compared} requests compared`);
    },
  },
  {
    ...ruleOf(SCHEMA_CHECK_IDS.intentsStatus),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, OP),
  },
]);
