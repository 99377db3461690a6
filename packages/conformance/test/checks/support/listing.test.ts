import { describe, expect, it } from 'vitest';
import { pageAt, type Page, type Walk } from '../../../src/checks/support/listing.js';
import type { Exchange } from '../../../src/engine/types.js';

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
