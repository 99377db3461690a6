/**
 * GET /requests/v2 (live-service facts §2): the deprecated listing, 410 after its sunset, throttled
 * per key (or address) with the documented 429 body; v2 records with the deprecation object. The
 * deprecation headers are added by server.ts to every v2 response, whatever produced it.
 */
import { optionalKey } from '../auth.js';
import type { Reply } from '../http/respond.js';
import { defaultV2RateLimit, deprecationObject, rateLimitedBody, retiredBody, SUNSET_AT, Throttle } from '../deprecation.js';
import { runQuery } from '../query/engine.js';
import { toParams } from '../query/params.js';
import { parseV2Query } from '../query/v2-query.js';
import { LIMITS } from '@crosschain/specs';
import { addExtrasDeep, wrapperExtras } from '../variants/extra-fields.js';
import { ownedBy } from '../views/v3.js';
import { toV2 } from '../views/v2.js';
import type { Route, RouteContext } from './context.js';

/** `v2RateLimit`: explicit v2 limit per minute (0 = unlimited); undefined = the dated default. */
export function requestsV2Route(ctx: RouteContext, v2RateLimit: number | undefined): Route {
  const { store, faults, variants, now } = ctx;
  const throttle = new Throttle();
  const recordExtras = variants.has('record-extra-fields');
  return (req, url) => {
    const t = now();
    const key = optionalKey(req.headers['x-api-key']);
    if (t >= SUNSET_AT) return { status: 410, body: retiredBody(ctx.baseUrl()) };
    const limit = v2RateLimit !== undefined ? (v2RateLimit > 0 ? v2RateLimit : null) : defaultV2RateLimit(t, faults);
    const throttled = (): Reply => ({ status: faults.has('v2-throttle-430') ? 430 : 429, body: rateLimitedBody(ctx.baseUrl()), ...(faults.has('v2-429-retry-after') ? { headers: { 'Retry-After': '60' } } : {}) });
    if (limit !== null) {
      // Fault v2-throttle-per-address: the quota is kept per client address, shared by every key on it.
      const caller = key && !faults.has('v2-throttle-per-address') ? `key:${key.key}` : `ip:${req.remoteAddress ?? 'unknown'}`;
      if (!throttle.take(caller, limit, t)) {
        return throttled();
      }
    }
    // Fault v2-always-throttled: before the sunset every request is refused with 429, as if a key had no quota.
    if (faults.has('v2-always-throttled')) return throttled();
    // Fault v2-no-limit-500: a request without limit reads an undefined page size and throws (a 500).
    if (faults.has('v2-no-limit-500') && !url.searchParams.has('limit')) throw new TypeError("Cannot read properties of undefined (reading 'limit')");
    const integrator = key?.integrator ?? null;
    // The v2 maximum, generated from the spec (live-service facts §2.4).
    const { query, includeAuthenticatedData } = parseV2Query(toParams(ctx.listQuery(url, LIMITS['GET /requests/v2'].maximum)), integrator, faults);
    const page = runQuery(store, query, { overlap: false, gap: false });
    const requests = page.rows.map((r) => {
      const v3 = store.dataset.record(r);
      const auth = includeAuthenticatedData && ownedBy(r, integrator) ? store.dataset.authenticated(r) : undefined;
      const record = toV2(r, v3, auth?.platformFee);
      if (faults.has('v2-referrer-dropped')) delete record.referrer;
      if (recordExtras) addExtrasDeep(record);
      return record;
    });
    const body: Record<string, unknown> = { requests };
    if (page.continuation) body.continuation = ctx.outCursor(page.continuation);
    else if (variants.has('continuation-null')) body.continuation = null;
    Object.assign(body, wrapperExtras(variants));
    if (!faults.has('v2-no-deprecation-object')) body.deprecation = deprecationObject(ctx.baseUrl(), faults);
    return { status: 200, body };
  };
}
