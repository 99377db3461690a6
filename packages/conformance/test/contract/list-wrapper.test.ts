import { readFileSync } from 'node:fs';
import { openapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { annotateListWrapper, annotateListWrappers, cursorOfBody, guessCursorField, listFieldOf, recordsOfBody, splitWrapperErrors } from '../../src/contract/list-wrapper.js';
import { validatorFor } from '../../src/run/runner.js';
import type { Exchange } from '../../src/contract/types.js';
import type { OpenApiDocument } from '../../src/contract/validator.js';

const validator = validatorFor(openapi as OpenApiDocument);
/** A spec-valid v3 record (specs/examples, checked by the specs package's own tests). */
const record = JSON.parse(readFileSync(new URL('../../../../specs/examples/request-v3/valid-bridge-deposit-address-sponsored.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** An exchange as the engine records it, validated against the spec. */
function exchange(operation: string, body: unknown, status = 200): Exchange {
  const bodyText = JSON.stringify(body);
  const headers = { 'content-type': 'application/json' };
  return {
    seq: 1,
    operation,
    request: { method: 'GET', url: 'http://t.test/requests/v3', headers: {} },
    response: { status, headers, bodyText, json: body, isJson: true },
    durationMs: 1,
    curl: '',
    schema: validator.validate(operation, status, headers['content-type'], bodyText, body, true),
  };
}

describe('wrapper detection', () => {
  it('finds the records under `requests`, else under the only array field, else in a bare array', () => {
    expect(listFieldOf({ requests: [], other: [] })).toBe('requests');
    expect(listFieldOf({ items: [{ a: 1 }], total: 1 })).toBe('items');
    expect(listFieldOf({ a: [], b: [] })).toBeUndefined();
    expect(listFieldOf({ requests: 'x' })).toBeUndefined();
    expect(listFieldOf([{}])).toBeUndefined();
    expect(recordsOfBody({ items: [{ id: 'a' }] })).toEqual([{ id: 'a' }]);
    expect(recordsOfBody([{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(recordsOfBody({ items: [{ id: 'a' }, 3] })).toBeUndefined();
    expect(recordsOfBody({ a: [], b: [] })).toBeUndefined();
    expect(recordsOfBody(null)).toBeUndefined();
  });

  it('reads the cursor from the walk\'s field only: absent, null or empty ends the walk; other fields of any type never count', () => {
    expect(cursorOfBody({ requests: [], continuation: 'c1', note: 'x' })).toEqual({ value: 'c1', field: 'continuation' });
    expect(cursorOfBody({ requests: [], continuation: 1042 })).toEqual({ value: '1042', field: 'continuation' });
    expect(cursorOfBody({ items: [], next: 'c2', total: 3 }, 'next')).toEqual({ value: 'c2', field: 'next' });
    expect(cursorOfBody({ requests: [], continuation: null, next: 'c2' })).toBeUndefined();
    expect(cursorOfBody({ items: [], next: '' }, 'next')).toBeUndefined();
    // The false failure: a last page with one extra string field and no continuation.
    expect(cursorOfBody({ requests: [{ id: 'a' }], requestId: 'a3f1c2d4' })).toBeUndefined();
    expect(cursorOfBody({ requests: [], continuation: true, extra: { a: 1 } })).toBeUndefined();
  });

  it('learns the cursor field on a page that must be followed by more: `continuation` if there, else the only other string', () => {
    expect(guessCursorField({ requests: [], continuation: 'c', requestId: 'r' })).toBe('continuation');
    expect(guessCursorField({ requests: [], continuation: null })).toBe('continuation');
    expect(guessCursorField({ items: [], next: 'c2', total: 3 })).toBe('next');
    expect(guessCursorField({ items: [], a: 'x', b: 'y' })).toBeUndefined();
    expect(guessCursorField([])).toBeUndefined();
  });

  it('splits schema errors: records, total (v3) and deprecation (v2) stay MUST; other wrapper fields are SHOULD', () => {
    const e = (instancePath: string) => ({ instancePath, schemaPath: '#', message: 'bad' });
    const v3 = splitWrapperErrors('GET /requests/v3', [e('/continuation'), e('/requests/0/id'), e('/total'), e(''), e('/next')], 'requests');
    expect(v3.document.map((x) => x.instancePath)).toEqual(['/requests/0/id', '/total', '']);
    expect(v3.liveService.map((x) => x.instancePath)).toEqual(['/continuation', '/next']);
    const v2 = splitWrapperErrors('GET /requests/v2', [e('/deprecation/message'), e('/continuation')], 'items');
    expect(v2.document.map((x) => x.instancePath)).toEqual(['/deprecation/message']);
  });
});

describe('annotateListWrapper (the engine, before compaction)', () => {
  it('a spec-shaped v3 page: names `requests` and `continuation`, no second verdict', () => {
    const e = exchange('GET /requests/v3', { requests: [record], continuation: 'abc' });
    expect(e.schema?.valid).toBe(true);
    annotateListWrapper(e, validator);
    expect(e.listWrapper).toEqual({ listField: 'requests', cursorField: 'continuation' });
  });

  it('records under `items`: the spec rejects the body, the records are judged valid as `requests`', () => {
    const e = exchange('GET /requests/v3', { items: [record], next: 'abc', total: 1 });
    expect(e.schema?.valid).toBe(false);
    annotateListWrapper(e, validator, 'next');
    expect(e.listWrapper).toMatchObject({ listField: 'items', cursorField: 'next', schema: { valid: true, errors: [] } });
  });

  it('an invalid record under `items` stays invalid, its path naming `items`; so does an invalid `total`', () => {
    const { requestType: _dropped, ...broken } = record;
    const e = exchange('GET /requests/v3', { items: [record, broken] });
    annotateListWrapper(e, validator);
    expect(e.listWrapper?.schema?.valid).toBe(false);
    expect(e.listWrapper?.schema?.errors.map((x) => `${x.instancePath} ${x.message}`).join('\n')).toMatch(/^\/items\/1 must have required property 'requestType'/m);
    const t = exchange('GET /requests/v3', { items: [record], total: -1 });
    annotateListWrapper(t, validator);
    expect(t.listWrapper?.schema?.errors[0]?.instancePath).toBe('/total');
  });

  it('v2: the documented `deprecation` object is still required when the records are renamed', () => {
    const e = exchange('GET /requests/v2', { items: [] });
    annotateListWrapper(e, validator);
    expect(e.listWrapper?.schema?.valid).toBe(false);
    expect(e.listWrapper?.schema?.errors.map((x) => x.message).join('\n')).toMatch(/deprecation/);
  });

  it('leaves other operations, non-200s, non-JSON and compacted bodies alone; annotates each exchange once', () => {
    const others = [
      exchange('POST /currencies/v2', [{ items: [] }]),
      exchange('GET /requests/v3', { message: 'bad' }, 400),
      { ...exchange('GET /requests/v3', { items: [] }), response: { status: 200, headers: {}, bodyText: '<html>', json: undefined, isJson: false } },
      { ...exchange('GET /requests/v3', { items: [] }), response: { status: 200, headers: {}, bodyText: '{"ite…', json: undefined, truncated: true } },
    ];
    expect(annotateListWrappers(others, 0, validator)).toBe(4);
    expect(others.map((e) => e.listWrapper)).toEqual([undefined, undefined, undefined, undefined]);
    const list = [exchange('GET /requests/v3', { items: [] }), exchange('GET /requests/v3', { requests: [] })];
    expect(annotateListWrappers(list, 1, validator)).toBe(2);
    expect(list.map((e) => e.listWrapper?.listField)).toEqual([undefined, 'requests']);
  });

  it('a wrapper field the document does not name in another type: the MUST verdict holds, the SHOULD one gets the error', () => {
    const e = exchange('GET /requests/v3', { requests: [record], continuation: 17, total: 1 });
    expect(e.schema?.valid).toBe(false);
    annotateListWrapper(e, validator);
    expect(e.listWrapper?.schema).toMatchObject({ valid: true, errors: [] });
    expect(e.listWrapper?.wrapperErrors?.map((x) => x.instancePath)).toEqual(['/continuation']);
    const last = exchange('GET /requests/v3', { requests: [record], continuation: null });
    expect(last.schema?.valid).toBe(true);
  });

  it('a body with no single array field: no list field, no second verdict', () => {
    const e = exchange('GET /requests/v3', { a: [], b: [] });
    annotateListWrapper(e, validator);
    expect(e.listWrapper).toEqual({});
  });
});
