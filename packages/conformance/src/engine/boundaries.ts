/**
 * Boundary values before random ones (Schemathesis' coverage phase): the values a
 * check tries deterministically, at the edges of each numeric parameter, before fast-check samples
 * the rest. They go to {@link CheckContext.property} as `examples`, which run first whatever the
 * seed; the seed drives only the random part.
 */

/** Values in first-seen order, without repeats (by `key`, default identity). */
function unique<T>(values: readonly T[], key: (v: T) => unknown = (v) => v): T[] {
  const seen = new Set<unknown>();
  return values.filter((v) => {
    const k = key(v);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The edges of an integer parameter valid in `[min, max]`: min, min+1, max-1, max, and max+1 (one
 * past the maximum). For `limit` of GET /requests/v3 (1..50): 1, 2, 49, 50, 51.
 */
export function integerBoundaries(min: number, max: number): number[] {
  return unique([min, min + 1, max - 1, max, max + 1].filter((v) => v >= min));
}

/** A pair of range bounds at an edge, with what makes it one. */
export interface RangeEdge {
  min: number;
  max: number;
  label: string;
}

/**
 * The edges of a numeric range parameter pair around a plausible value `v` (> 0): equal bounds,
 * min above max, both 0, a negative min, and a huge max.
 */
export function rangeBoundaries(v: number): RangeEdge[] {
  return [
    { min: v, max: v, label: 'equal bounds' },
    { min: v + 1, max: v, label: 'min above max' },
    { min: 0, max: 0, label: 'both 0' },
    { min: -1, max: v, label: 'a negative min' },
    { min: v, max: Number.MAX_SAFE_INTEGER, label: 'a huge max' },
  ];
}

/**
 * The edges of a range drawn from ordered items (e.g. records by creation time): equal bounds at
 * each end and the whole span, as `{ a, b }` pairs. `items` is non-empty.
 */
export function edgePairs<T>(items: readonly T[]): Array<{ a: T; b: T }> {
  const first = items[0] as T;
  const last = items[items.length - 1] as T;
  return unique(
    [
      { a: first, b: first },
      { a: first, b: last },
      { a: last, b: last },
    ],
    (p) => items.indexOf(p.a) * items.length + items.indexOf(p.b),
  );
}

/**
 * Examples that give every enum or boolean field each of its values at least once: as many
 * examples as the longest list of values, the i-th taking value i (modulo) of every field, over
 * `base` for the other fields. `{ sortBy: [3 values], direction: [3 values] }` gives 3 examples.
 */
export function enumExamples<T extends object, K extends keyof T>(base: T, fields: { [P in K]: ReadonlyArray<T[P]> }): T[] {
  const lists = Object.entries(fields) as Array<[K, ReadonlyArray<T[K]>]>;
  const n = Math.max(0, ...lists.map(([, values]) => values.length));
  return Array.from({ length: n }, (_, i) => {
    const example = { ...base };
    for (const [key, values] of lists) if (values.length > 0) example[key] = values[i % values.length] as T[K];
    return example;
  });
}
