import { describe, expect, it } from 'vitest';
import { openapi } from '@crosschain/specs';
import { pageAt, type Page, type Walk } from '../../../src/checks/support/listing.js';
import { FILTERABLE_STATUSES } from '../../../src/contract/record.js';
import { SORT_BY } from '../../../src/contract/order.js';
import type { Exchange } from '../../../src/contract/types.js';

/** The schema of a query parameter of GET /requests/v3 in the OpenAPI document. */
function v3Parameter(name: string): { enum?: unknown[] } | undefined {
  const get = (openapi.paths as Record<string, { get: { parameters: Array<{ name: string; schema?: { enum?: unknown[] } }> } }>)['/requests/v3']!.get;
  return get.parameters.find((p) => p.name === name)?.schema;
}

describe('the hand-kept enums match the OpenAPI document', () => {
  it('FILTERABLE_STATUSES is the enum of the status parameter', () => {
    expect([...FILTERABLE_STATUSES]).toEqual(v3Parameter('status')?.enum);
  });

  it('SORT_BY is the enum of the sortBy parameter', () => {
    expect([...SORT_BY]).toEqual(v3Parameter('sortBy')?.enum);
  });
});

const page = (seq: number, size: number): Page => ({
  exchange: { seq, request: { method: 'GET', url: 'http://x.test/requests/v3', headers: {} }, durationMs: 1, curl: 'curl' } as Exchange,
  records: Array.from({ length: size }, (_, i) => ({ id: `${seq}-${i}` })),
  hasTotal: false,
});

describe('pageAt', () => {
  const w: Walk = { pages: [page(1, 3), page(2, 0), page(3, 2)], records: [], complete: true };

  it.each([
    [0, 1, 0],
    [2, 1, 0],
    [3, 3, 3],
    [4, 3, 3],
  ])('record %i is on the page of exchange %i, after %i records', (index, seq, offset) => {
    const at = pageAt(w, index);
    expect(at.page.exchange.seq).toBe(seq);
    expect(at.offset).toBe(offset);
  });

  it('an index past the walk falls on the last page', () => {
    expect(pageAt(w, 9)).toMatchObject({ page: { exchange: { seq: 3 } }, offset: 3 });
  });
});
