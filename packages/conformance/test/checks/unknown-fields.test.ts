import { readFileSync } from 'node:fs';
import { openapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/unknown-fields.js';
import { ResponseValidator, type OpenApiDocument } from '../../src/contract/validator.js';
import { fakeContext, json, route, type FakeResponse } from '../support/fake-context.js';
import { settle } from '../support/settle.js';

const check = checks.find((c) => c.id === 'general.unknown-fields')!;
const validator = new ResponseValidator(openapi as OpenApiDocument);
const examplesDir = new URL('../../../../specs/examples/', import.meta.url);
const example = (path: string): any => JSON.parse(readFileSync(new URL(path, examplesDir), 'utf8'));

/** A 200 JSON answer with the schema verdict the real client would attach. */
function ok(operation: string, body: unknown): FakeResponse {
  const r = json(200, body);
  const text = JSON.stringify(body);
  return { ...r, schema: validator.validate(operation, 200, 'application/json', text, body, true) };
}

const record = example('request-v3/valid-bridge-deposit-address-sponsored.json');

function server(extra: { v3Record?: object; currency?: object; status?: object } = {}) {
  return route({
    'POST /currencies/v2': () => ok('POST /currencies/v2', [{ ...example('currency/valid-usdc-base.json'), ...(extra.currency ?? {}) }]),
    'GET /intents/status': () => ok('GET /intents/status', { ...example('intent-status/valid-success.json'), ...(extra.status ?? {}) }),
    'GET /requests/v3': () => ok('GET /requests/v3', { requests: [{ ...record, ...(extra.v3Record ?? {}) }] }),
    'GET /requests/v2': () => ok('GET /requests/v2', example('requests-v2-response/valid-page-with-deprecation.json')),
  });
}

const discovery = { values: { ids: [record.id] }, records: [record] };

describe('general.unknown-fields', () => {
  it('is skipped without --strict, and sends nothing', async () => {
    const ctx = fakeContext({ handler: server({ v3Record: { extra: 1 } }), discovery });
    const result = await check.run(ctx);
    expect(result).toMatchObject({ status: 'skip' });
    expect((result as { reason: string }).reason).toMatch(/--strict/);
    expect(ctx.http.requests).toEqual([]);
  });

  it('passes when every 200 body of the four operations holds only declared fields', async () => {
    const ctx = fakeContext({ handler: server(), discovery, config: { strict: true } });
    const result = await check.run(ctx);
    expect(result).toMatchObject({ status: 'pass' });
    expect(ctx.http.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /intents/status', 'GET /requests/v2', 'GET /requests/v3', 'POST /currencies/v2']);
    expect((result as { note: string }).note).toMatch(/POST \/currencies\/v2.*GET \/intents\/status.*GET \/requests\/v3.*GET \/requests\/v2/);
  });

  it.each([
    ['a v3 record', { v3Record: { moonpayId: null } }, 'GET /requests/v3 /requests[]/moonpayId'],
    ['a currency', { currency: { groupID: 'g' } }, 'POST /currencies/v2 []/groupID'],
    ['an intent status', { status: { quoteCreatedAt: 1 } }, 'GET /intents/status /quoteCreatedAt'],
  ])('fails under --strict on an undeclared field of %s, naming its path', async (_what, extra, path) => {
    const ctx = fakeContext({ handler: server(extra), discovery: { values: discovery.values }, config: { strict: true } });
    const result = await settle(check, ctx);
    expect(result).toMatchObject({ status: 'fail' });
    const v = (result as { violation: { message: string; received: string; exchange?: { curl: string } } }).violation;
    expect(v.message).toMatch(/1 field the OpenAPI document does not declare/);
    expect(v.received).toContain(path);
    expect(v.exchange?.curl).toBeTruthy();
  });

  it('examines the discovered records too, and ignores bodies the engine compacted', async () => {
    const ctx = fakeContext({ handler: server(), discovery: { ...discovery, records: [{ ...record, extraRoot: true }] }, config: { strict: true } });
    const big = await ctx.http.record({ method: 'GET', path: '/requests/v3' }, ok('GET /requests/v3', { requests: [{ ...record, compacted: 1 }] }));
    big.response!.truncated = true;
    const result = await settle(check, ctx);
    expect(result).toMatchObject({ status: 'fail' });
    const received = (result as { violation: { received: string } }).violation.received;
    expect(received).toContain('GET /requests/v3 /requests[]/extraRoot (×1)');
    expect(received).not.toContain('compacted');
  });

  it('leaves v2 alone once retired by the target clock', async () => {
    const ctx = fakeContext({ handler: server(), discovery: { ...discovery, targetNow: new Date('2026-12-01T00:00:00Z') }, config: { strict: true } });
    await check.run(ctx);
    expect(ctx.http.requests.some((r) => r.path === '/requests/v2')).toBe(false);
  });
});
