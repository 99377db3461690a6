/**
 * Variant limit-capped: a `limit` above the maximum is served at the maximum instead of refused.
 * The document states the maximum ("`limit` maximum is 50."; currencies: 100), not what a larger
 * value gets, so both answers are allowed.
 */

/** The query with an integer `limit` above `max` replaced by `max`. */
export function capQueryLimit(search: URLSearchParams, max: number): URLSearchParams {
  const raw = search.get('limit');
  if (raw === null || !/^\d+$/.test(raw.trim()) || Number(raw) <= max) return search;
  const out = new URLSearchParams(search);
  out.set('limit', String(max));
  return out;
}

/** The currencies body with an integer `limit` above `max` replaced by `max`. */
export function capBodyLimit(body: unknown, max: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const limit = (body as Record<string, unknown>).limit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit > max ? { ...body, limit: max } : body;
}
