import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-special-filters.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById } from '../support/check-cases.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);
const byId = (id: string) => checkById(checks, id);

describe('requests-v3 special filter checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filter.chain-id-either', 'chain-id-origin-only', /its destination chain/],
      ['requests-v3.filter.symbol-case-insensitive', 'symbol-case-sensitive', /any case|case-insensitive/],
      ['requests-v3.filter.term', 'term-id-only', /term=/],
      ['requests-v3.filter.status-values', 'status-waiting-accepted', /must not select (waiting|submitted) records/],
      ['requests-v3.filter.ranges', 'range-off', /must be returned|must have its USD/],
      ['requests-v3.filter.features', 'features-all-of', /features=/],
    ],
    { numRuns: 25, notOnEmpty: ['requests-v3.filter.status-values'] },
  );

  it('status-values accepts a 4xx for waiting and submitted and fails on a 5xx', async () => {
    const base = fakeRequestsV3(RECORDS);
    const answer = (code: number) =>
      route({ 'GET /requests/v3': (req) => (['waiting', 'submitted'].includes(String(req.query?.status)) ? json(code, { message: 'no' }) : base(req)) });
    const ok = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler: answer(422), discovery: discoveryOf(RECORDS) }));
    expect(ok.status).toBe('pass');
    const bad = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler: answer(503), discovery: discoveryOf(RECORDS) }));
    expect(bad.status).toBe('fail');
  });

  /** The fake server with one query parameter of GET /requests/v3 dropped. */
  const dropping = (param: string) => {
    const base = fakeRequestsV3(RECORDS);
    return route({
      'GET /requests/v3': (req) => {
        const rest = { ...req.query };
        delete rest[param];
        return base({ ...req, query: rest });
      },
    });
  };

  it('ranges fails a server that ignores endBlock, or startBlock: a record whose blocks all lie beyond the bound comes back', async () => {
    const end = await settle(byId('requests-v3.filter.ranges'), fakeContext({ handler: dropping('endBlock'), discovery: discoveryOf(RECORDS) }));
    expect(end.status).toBe('fail');
    expect(end.violation?.message).toMatch(/^Every record returned must lie within .*startBlock\/endBlock \(inclusive: a block at or above startBlock and one at or below endBlock\)/);
    expect(end.violation?.exchange?.request.url).toMatch(/startBlock=\d+&endBlock=\d+/);
    expect(end.violation?.received).toMatch(/^id 0x[0-9a-f]+: blocks \[\d+\]/);
    const start = await settle(byId('requests-v3.filter.ranges'), fakeContext({ handler: dropping('startBlock'), discovery: discoveryOf(RECORDS) }));
    expect(start.status).toBe('fail');
    expect(start.violation?.message).toMatch(/startBlock\/endBlock \(inclusive/);
    expect(start.violation?.exchange?.request.url).toMatch(/startBlock=\d+&endBlock=\d+/);
    const clean = await settle(byId('requests-v3.filter.ranges'), fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(RECORDS) }), discovery: discoveryOf(RECORDS) }));
    expect(clean.status).toBe('pass');
    expect(clean.note).toMatch(/each block bound probed for exclusion/);
  });

  it("ranges: a page listing a record beyond a block bound fails by the range oracle's verdict on that page, whatever a later reading shows (a page's own view holds the blocks it was matched on)", async () => {
    const base = fakeRequestsV3(RECORDS);
    let ranged = 0;
    let reread = 0;
    // The record as read again: it gained transactions in blocks 5 and 10^9 since (a block on either side of any probe).
    const grown = (body: unknown) => {
      const page = structuredClone(body) as { requests: Array<{ data: { outTxs?: unknown[] } }> };
      for (const r of page.requests) r.data.outTxs = [...(r.data.outTxs ?? []), { txHash: '0xf1', block: 5 }, { txHash: '0xf2', block: 1_000_000_000 }];
      return page;
    };
    const handler = route({
      'GET /requests/v3': (req) => {
        const q = { ...req.query };
        if (q.startBlock !== undefined && q.endBlock !== undefined && q.startTimestamp !== undefined) {
          // The block-ranged page matched on blocks the record did not show yet: it lists the narrowed window whatever the blocks shown.
          ranged += 1;
          delete q.startBlock;
          delete q.endBlock;
          return base({ ...req, query: q });
        }
        const res = base(req);
        if (q.id === undefined || ranged === 0) return res;
        reread += 1;
        return { ...res, body: grown(res.body) };
      },
    });
    const result = await settle(byId('requests-v3.filter.ranges'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(ranged).toBe(2);
    expect(reread).toBe(0);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.violation.message).toMatch(/startBlock\/endBlock/);
      expect(result.violation.exchange?.request.url).toContain('startBlock=');
    }
  });

  it('status-values passes a server that ignores a refused status value', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => {
        const { status, ...rest } = req.query ?? {};
        return base(['waiting', 'submitted'].includes(String(status)) ? { ...req, query: rest } : req);
      },
    });
    const result = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('pass');
  });
});
