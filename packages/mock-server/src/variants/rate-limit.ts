/**
 * Variant rate-limit-429: a busy service answers an occasional 429 on any endpoint ("Rate limits
 * are per API key. Numeric rate limits per key or per route: not shown."). One request in
 * {@link EVERY} is refused, with `Retry-After: 1` and `{message}` (live-service facts §1.5: the
 * generic 429 body), so that a polite client still completes its run.
 */
export const EVERY = 150;

/** Counts requests; `hit()` is true for every {@link EVERY}th one. */
export class OccasionalRateLimit {
  private count = 0;
  hit(): boolean {
    this.count += 1;
    return this.count % EVERY === 0;
  }
}

export const RATE_LIMITED_BODY = { message: 'Too many requests: retry after the Retry-After delay' };
