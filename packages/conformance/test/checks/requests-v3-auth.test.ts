import { describe, expect, it } from 'vitest';
import { carriedAuthFields, checks } from '../../src/checks/requests-v3-auth.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { checkById, passesThenFailsOn } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

type Fault = 'no-auth' | 'unknown-key-accepted' | 'inactive-key-accepted' | 'refusal-lists-records' | 'leak' | 'opt-in-ignored' | 'disjoint-views' | 'null-fields';

const RECORDS = makeRecords(60);
/** Even records belong to the primary key's integrator, odd ones to the other's. */
const owner = (r: Rec): 'primary' | 'other' => (parseInt(String(r.id).slice(-4), 16) % 2 === 0 ? 'primary' : 'other');

/** GET /requests/v3 with keys and authenticated fields, over the listing fake, with one optional fault. */
function v3(fault?: Fault) {
  const list = fakeRequestsV3(RECORDS);
  return (req: RequestSpec): FakeResponse => {
    const auth = req.auth;
    if (auth === 'none' && fault !== 'no-auth') return json(401, { message: 'missing key', ...(fault === 'refusal-lists-records' ? { requests: RECORDS.slice(0, 2) } : {}) });
    if (typeof auth === 'object' && fault !== 'unknown-key-accepted') return json(401, { message: 'unknown key' });
    if (auth === 'inactive' && fault !== 'inactive-key-accepted') return json(403, { message: 'inactive key' });
    const res = list({ ...req, auth: 'primary' });
    if (res.status !== 200) return res;
    const body = res.body as { requests: Rec[] };
    const q = queryOf(req);
    const caller = auth === 'other' ? 'other' : 'primary';
    const flag = q.includeAuthenticatedData === 'true';
    let requests = body.requests;
    if (fault === 'disjoint-views') requests = requests.filter((r) => owner(r) === caller);
    requests = requests.map((r) => {
      const show = fault === 'leak' ? flag : (flag || fault === 'opt-in-ignored') && owner(r) === caller;
      if (fault === 'null-fields' && !show) return { ...r, data: { ...(r.data as Rec), referrer: null, platformFee: null, apiKeyName: null } };
      return show ? { ...r, data: { ...(r.data as Rec), referrer: 'ref', platformFee: { bps: 10 }, apiKeyName: null } } : r;
    });
    return json(200, { ...body, requests });
  };
}

function ctxFor(fault?: Fault, config: { hasOtherApiKey?: boolean; hasInactiveApiKey?: boolean } = { hasInactiveApiKey: true }) {
  return fakeContext({ handler: route({ 'GET /requests/v3': v3(fault) }), discovery: discoveryOf(RECORDS), config });
}

const byId = (id: string) => checkById(checks, id);

describe('carriedAuthFields', () => {
  it('counts present non-null authenticated fields only', () => {
    expect(carriedAuthFields({ data: { referrer: 'r', platformFee: null } })).toEqual(['data.referrer']);
    expect(carriedAuthFields({ data: { apiKeyName: 'k', platformFee: {} } })).toEqual(['data.platformFee', 'data.apiKeyName']);
    expect(carriedAuthFields({ data: {} })).toEqual([]);
  });
});

describe('requests-v3 auth checks', () => {
  passesThenFailsOn(
    checks,
    [
      ['requests-v3.auth.key-required', 'no-auth', 'requires x-api-key'],
      ['requests-v3.auth.key-required', 'refusal-lists-records', 'must not list records'],
      ['requests-v3.auth.active-key', 'unknown-key-accepted', 'unknown key'],
      ['requests-v3.auth.active-key', 'inactive-key-accepted', 'inactive key'],
      ['requests-v3.auth.authenticated-data-opt-in', 'opt-in-ignored', 'only with includeAuthenticatedData=true'],
      ['requests-v3.auth.authenticated-data-owner', 'leak', "tied to the caller's key"],
    ],
    ctxFor,
    { in: 'url', text: '/requests/v3' },
  );

  it('the unknown key is sent as an explicit (redacted) key', async () => {
    const ctx = ctxFor();
    await settle(byId('requests-v3.auth.active-key'), ctx);
    expect(typeof ctx.http.requests[0]?.auth).toBe('object');
    expect(ctx.http.exchanges[0]?.curl).toContain('<redacted>');
  });

  it('active-key sends the inactive key only when one is configured', async () => {
    const ctx = ctxFor(undefined, { hasInactiveApiKey: false });
    expect(await settle(byId('requests-v3.auth.active-key'), ctx)).toMatchObject({ status: 'pass', note: expect.stringContaining('no inactive key') });
    expect(ctx.http.requests.map((r) => r.auth)).not.toContain('inactive');
  });

  it('key-accepted passes with a key and fails when the key is refused', async () => {
    expect(await settle(byId('requests-v3.auth.key-accepted'), ctxFor())).toMatchObject({ status: 'pass' });
    const refusing = fakeContext({ handler: route({ 'GET /requests/v3': () => json(403, { message: 'no' }) }) });
    expect((await settle(byId('requests-v3.auth.key-accepted'), refusing)).status).toBe('fail');
  });

  it('null authenticated fields without the flag are not a leak', async () => {
    expect(await settle(byId('requests-v3.auth.authenticated-data-opt-in'), ctxFor('null-fields'))).toMatchObject({ status: 'pass' });
  });

  it('the owner check skips when the two keys see disjoint data', async () => {
    expect(await settle(byId('requests-v3.auth.authenticated-data-owner'), ctxFor('disjoint-views'))).toMatchObject({
      status: 'skip',
      reason: expect.stringContaining('visible to both keys'),
    });
  });

  it('the owner check declares that it needs both keys', () => {
    expect(byId('requests-v3.auth.authenticated-data-owner').requires).toEqual(['apiKey', 'otherApiKey']);
  });
});
