/** Keeps API keys out of every text the kit emits (architecture.md, "Rules that keep the kit honest"). */

export const REDACTED = '<redacted>';

/** Returns a function that replaces each secret (any occurrence, also URL-encoded) with `<redacted>`. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const needles = [...new Set(secrets.flatMap((s) => (s ? [s, encodeURIComponent(s)] : [])))]
    .filter((s) => s.length > 0)
    .sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    return out;
  };
}

/** Deep-redacts strings of a JSON-like value. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
