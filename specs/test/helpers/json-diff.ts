/** Structural comparison of two JSON values. */

/** Escapes one reference token of a JSON pointer (RFC 6901 §3). */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * JSON pointers (RFC 6901) of every place where `a` and `b` differ: a changed scalar, a value of a
 * different type, or a key or array index present on one side only. Equal values give [].
 */
export function jsonDiff(a: unknown, b: unknown, pointer = ''): string[] {
  if (Object.is(a, b)) return [];
  const aObj = a !== null && typeof a === 'object';
  const bObj = b !== null && typeof b === 'object';
  if (!aObj || !bObj || Array.isArray(a) !== Array.isArray(b)) return [pointer];
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  const out: string[] = [];
  for (const key of keys) {
    const child = `${pointer}/${escapePointerToken(key)}`;
    if (!(key in left) || !(key in right)) out.push(child);
    else out.push(...jsonDiff(left[key], right[key], child));
  }
  return out;
}

/** The value at a JSON pointer (RFC 6901) inside `value`; a leading `#` is accepted. Undefined when absent. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}
