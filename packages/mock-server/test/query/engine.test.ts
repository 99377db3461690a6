/**
 * The bitset engine against a brute-force model: for random equality conditions (top level and
 * `filters` groups with `not:`), feature and amount ranges, private chains, every sort and
 * direction, walking every page by continuation gives exactly the model's sorted matches, and
 * `includeTotal` their count (document, GET /requests/v3 rules 2, 4, 7 and pagination).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAINS } from '../../src/data/catalogue.js';
import { generateDataset } from '../../src/mock-server.js';
import { decodeCursor } from '../../src/query/cursor.js';
import { runQuery } from '../../src/query/engine.js';
import type { Condition, ListQuery } from '../../src/query/query.js';
import { Store, type IndexName, type Key, type SortBy } from '../../src/store/store.js';

// 1,999 rows: not a multiple of 32 (complement must not leak past the end), frequent values get
// cached bitsets and rare ones are set from their postings.
const store = new Store(generateDataset({ records: 1999, seed: 7, now: '2026-08-15T12:00:00Z' }));
const rows = store.rows;
const PRIVATE = CHAINS.find((c) => c.privateUuid)!.privateUuid!;

/** Field -> indexes and the values to draw from (present ones, plus one absent). */
const distinct = <T>(xs: T[]) => [...new Set(xs)].slice(0, 12);
const FIELDS: Record<string, { indexes: IndexName[]; values: (Key | null)[] }> = {
  status: { indexes: ['status'], values: distinct(rows.map((r) => r.status)) },
  originChainId: { indexes: ['originChainId'], values: [...distinct(rows.map((r) => r.originChainId)), 424242] },
  chainId: { indexes: ['originChainId', 'destinationChainId'], values: distinct(rows.map((r) => r.destinationChainId)) },
  currencyInSymbol: { indexes: ['currencyInSymbol'], values: distinct(rows.map((r) => r.inSymbol.toUpperCase())) },
  requestType: { indexes: ['requestType'], values: distinct(rows.map((r) => r.requestType).filter((t): t is NonNullable<typeof t> => t !== null)) },
  failReason: { indexes: ['failReason'], values: [null, ...distinct(rows.map((r) => r.failReason).filter((f): f is string => f !== null))] },
  user: { indexes: ['user'], values: rows.slice(0, 40).map((r) => r.sender).filter((s): s is string => s !== null) },
};

const condition = fc.constantFrom(...Object.keys(FIELDS)).chain((field) =>
  fc.record({
    field: fc.constant(field),
    keys: fc.uniqueArray(fc.constantFrom(...FIELDS[field].values), { minLength: 1, maxLength: 3 }),
    negate: fc.boolean(),
  }),
).map((c): Condition => ({ field: c.field, indexes: FIELDS[c.field].indexes, keys: c.keys, negate: c.negate }));

const query = fc.record({
  top: fc.array(condition, { maxLength: 2 }),
  groups: fc.option(fc.array(fc.array(condition, { maxLength: 3 }), { maxLength: 3 }), { nil: null }),
  groupsAnded: fc.boolean(),
  features: fc.constantFrom(0, 0, 1, 6),
  amountMin: fc.option(fc.constantFrom(10, 1000), { nil: undefined }),
  showPrivate: fc.boolean(),
  sortBy: fc.constantFrom<SortBy>('createdAt', 'updatedAt', 'amountUsd'),
  direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  limit: fc.constantFrom(1, 7, 50),
});

/** Model: positions of a condition straight from the postings, without bitsets. */
function matchesCondition(c: Condition, p: number): boolean {
  const hit = c.indexes.some((ix) => c.keys.some((k) => store.lookup(ix, k).includes(p)));
  return hit !== c.negate;
}

function model(q: ListQuery): number[] {
  const sortKey = store.rank[q.sortBy];
  const natural = q.sortBy === 'amountUsd' ? 'asc' : 'desc';
  const out: number[] = [];
  for (let p = 0; p < rows.length; p++) {
    const r = rows[p];
    if (!q.top.every((c) => matchesCondition(c, p))) continue;
    if (q.groups && q.groups.length) {
      const inGroup = (g: Condition[]) => g.every((c) => matchesCondition(c, p));
      if (!(q.groupsAnded ? q.groups.every(inGroup) : q.groups.some(inGroup))) continue;
    }
    if (r.privateChain !== null && !q.privateInclude.has(r.privateChain)) continue;
    if (q.features && (r.features & q.features) === 0) continue;
    const min = q.ranges[0]?.min;
    if (min !== undefined && !(r.amountUsd >= min)) continue;
    out.push(p);
  }
  return out.sort((a, b) => (q.direction === natural ? sortKey[a] - sortKey[b] : sortKey[b] - sortKey[a]));
}

describe('runQuery (bitset engine)', () => {
  it('the data covers both bitset paths and private rows', () => {
    expect(store.lookup('status', 'success').length).toBeGreaterThanOrEqual(64);
    expect(store.lookup('user', FIELDS.user.values[0]).length).toBeLessThan(64);
    expect(store.privateRows.length).toBeGreaterThan(0);
  });

  it('every page walk returns exactly the matching rows in order, and the exact total', () => {
    fc.assert(
      fc.property(query, (g) => {
        const q: ListQuery = {
          top: g.top,
          groups: g.groups,
          groupsAnded: g.groupsAnded,
          ranges: g.amountMin === undefined ? [] : [{ field: 'amountUsd', min: g.amountMin }],
          features: g.features,
          privateInclude: new Set(g.showPrivate ? [PRIVATE] : []),
          sortBy: g.sortBy,
          direction: g.direction,
          limit: g.limit,
          cursor: null,
          includeTotal: true,
          fingerprint: 'f',
        };
        const expected = model(q);
        const got: number[] = [];
        for (let guard = 0; guard <= rows.length; guard++) {
          const page = runQuery(store, q, { overlap: false, gap: false });
          expect(page.total).toBe(q.includeTotal ? expected.length : undefined);
          expect(page.rows.length).toBeLessThanOrEqual(q.limit);
          got.push(...page.rows.map((r) => r.idx));
          if (!page.continuation) break;
          q.cursor = decodeCursor(page.continuation, q);
          q.includeTotal = false;
        }
        expect(got).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
