/**
 * API keys (document, Authentication): `x-api-key` is required and must be active on
 * GET /requests/v3; optional elsewhere. Choice for the optional endpoints (the document only says
 * "optional"): an unknown key is treated as anonymous, an inactive (revoked) key gets 403.
 */
import { API_KEY_BY_KEY, type ApiKey } from './data/catalogue.js';
import { HttpError } from './http/errors.js';

export type Caller = { kind: 'missing' } | { kind: 'unknown' } | { kind: 'revoked'; key: ApiKey } | { kind: 'active'; key: ApiKey };

export function identify(header: string | string[] | undefined): Caller {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return { kind: 'missing' };
  const key = API_KEY_BY_KEY.get(value);
  if (!key) return { kind: 'unknown' };
  return key.active ? { kind: 'active', key } : { kind: 'revoked', key };
}

/** Required key (GET /requests/v3): 401 when missing or unknown, 403 when inactive. */
export function requireKey(header: string | string[] | undefined, allowMissing: boolean): ApiKey | null {
  const c = identify(header);
  if (c.kind === 'missing') {
    if (allowMissing) return null;
    throw new HttpError(401, 'Missing x-api-key header: GET /requests/v3 requires an API key; send it as the x-api-key header', 'UNAUTHORIZED');
  }
  if (c.kind === 'unknown') throw new HttpError(401, 'Invalid API key in x-api-key: the key is not known; use an active key from the dashboard', 'UNAUTHORIZED');
  if (c.kind === 'revoked') throw new HttpError(403, 'Inactive API key in x-api-key: the key was revoked; use an active key', 'FORBIDDEN');
  return c.key;
}

/** Optional key: null for none or unknown, the key when active, 403 when revoked. */
export function optionalKey(header: string | string[] | undefined): ApiKey | null {
  const c = identify(header);
  if (c.kind === 'revoked') throw new HttpError(403, 'Inactive API key in x-api-key: the key was revoked; send an active key or none', 'FORBIDDEN');
  return c.kind === 'active' ? c.key : null;
}
