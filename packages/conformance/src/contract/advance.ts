/** What the reference server's `advance(id)` answers (its changes), read the way every caller needs it. */

/**
 * The status one `advance(id)` of the reference server gave the request (its last change's `to`),
 * or undefined when it made no change or does not say.
 */
export function statusAfterAdvance(changes: unknown): string | undefined {
  const last: unknown = Array.isArray(changes) ? changes[changes.length - 1] : undefined;
  const to = (last as { to?: unknown } | undefined)?.to;
  return typeof to === 'string' ? to : undefined;
}
