/**
 * GET /intents/status (document, Endpoints > GET /intents/status), and outside the document's
 * contract GET /intents/status/v2 and /v3 as the live service's clients call them: one request id,
 * its status (refunds as `fallback` on the documented operation), 404 for an unknown id.
 */
import { optionalKey } from '../auth.js';
import { HttpError } from '../http/errors.js';
import { errorReply } from '../http/respond.js';
import { intentStatusExtras } from '../variants/extra-fields.js';
import { presentIntentStatus, presentIntentStatusVersion, UNKNOWN_INTENT_STATUS } from '../views/intent-status.js';
import type { Route, RouteContext } from './context.js';

export function intentsStatusRoute(ctx: RouteContext): Route {
  const { store, faults, variants } = ctx;
  return (req, url) => {
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    optionalKey(req.headers['x-api-key']);
    const ids = url.searchParams.getAll('requestId');
    if (ids.length === 0 || ids[0] === '') throw new HttpError(400, 'Missing requestId: pass the request id as ?requestId=<id>', 'INVALID_PARAMETER');
    if (ids.length > 1) throw new HttpError(400, 'Invalid requestId: pass exactly one requestId', 'INVALID_PARAMETER');
    const row = store.byId(ids[0]);
    if (!row) {
      if (variants.has('intents-status-unknown')) return { status: 200, body: { ...UNKNOWN_INTENT_STATUS } };
      return errorReply(404, `No request with id ${JSON.stringify(ids[0].slice(0, 100))}`, 'NOT_FOUND');
    }
    const status = path === '/intents/status' ? presentIntentStatus(row, faults) : presentIntentStatusVersion(row, path === '/intents/status/v3' ? 'v3' : 'v2');
    return { status: path === '/intents/status' && faults.has('intents-status-201') ? 201 : 200, body: variants.has('intent-status-extra-fields') ? intentStatusExtras(status) : status };
  };
}
