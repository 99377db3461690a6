/**
 * requests-v3.auth.owner-sees-own against a fake GET /requests/v3: each key lists its own requests
 * with the apiKey filter (the key sent in it, never shown); a server that gives both keys their
 * authenticated fields passes, one that withholds them from the first key's own requests fails, one
 * that refuses the filter skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-owner-sees-own.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { settle } from '../support/settle.js';

const check = checkById(checks, 'requests-v3.auth.owner-sees-own');
const own = (key: string) => [1, 2, 3].map((i) => ({ id: `0x${key}${i}`, data: {} as Record<string, unknown> }));

function listing(options: { withholdFirst?: boolean; refuse?: boolean } = {}) {
  return route({
    'GET /requests/v3': (req: RequestSpec) => {
      if (options.refuse) return json(403, { message: 'apiKey filter not allowed' });
      const key = String(req.auth);
      const records = own(key).map((r) => ({ ...r, data: options.withholdFirst && key === 'primary' ? {} : { referrer: null, platformFee: null, apiKeyName: key } }));
      return json(200, { requests: records });
    },
  });
}

describe('requests-v3.auth.owner-sees-own', () => {
  it("passes when each key's own requests carry the fields (null values included), never showing the key", async () => {
    const ctx = fakeContext({ handler: listing() });
    expect(await settle(check, ctx)).toMatchObject({ status: 'pass' });
    expect(ctx.http.requests.map((r) => [r.auth, r.keyInQuery])).toEqual([['primary', 'apiKey'], ['other', 'apiKey']]);
    expect(ctx.http.exchanges.every((e) => e.request.url.includes('apiKey=%3Credacted%3E') || e.request.url.includes('apiKey=<redacted>'))).toBe(true);
    expect(ctx.http.requests.every((r) => queryOf(r).apiKey === undefined)).toBe(true);
  });
  it("fails when the first key's own requests lack the fields", async () => {
    const result = await settle(check, fakeContext({ handler: listing({ withholdFirst: true }) }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/listed by apiKey=<the first key> to that same key, carries none/);
  });
  it('skips when the apiKey filter is refused', async () => {
    expect((await settle(check, fakeContext({ handler: listing({ refuse: true }) }))).status).toBe('skip');
  });
});
