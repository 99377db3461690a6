import { describe, expect, it } from 'vitest';
import { bodyShown, parsedBody } from '../../src/contract/outcome.js';
import type { Exchange } from '../../src/contract/types.js';

const exchange = (response?: Exchange['response'], transportError?: string): Exchange => ({
  seq: 1,
  request: { method: 'GET', url: 'http://x.test/requests/v3', headers: {} },
  durationMs: 1,
  curl: 'curl',
  ...(response ? { response } : {}),
  ...(transportError ? { transportError } : {}),
});

describe('bodyShown', () => {
  it.each([
    ['JSON', exchange({ status: 200, headers: {}, bodyText: '{"a":1}', json: { a: 1 }, isJson: true }), '{"a":1}'],
    ['JSON null', exchange({ status: 200, headers: {}, bodyText: 'null', json: null, isJson: true }), 'null'],
    ['empty', exchange({ status: 200, headers: {}, bodyText: '  ', json: undefined, isJson: false }), 'an empty body (status 200)'],
    ['HTML', exchange({ status: 200, headers: { 'content-type': 'text/html' }, bodyText: '<p>hi</p>', json: undefined, isJson: false }), 'a body that is not JSON (status 200, Content-Type text/html): <p>hi</p>'],
    ['no response', exchange(undefined, 'timeout'), 'no response (timeout)'],
  ])('%s', (_, e, shown) => {
    expect(bodyShown(e)).toBe(shown);
  });
});

describe('parsedBody', () => {
  const response = (bodyText: string, json: unknown, truncated?: boolean): Exchange['response'] => ({ status: 200, headers: {}, bodyText, json, ...(truncated ? { truncated } : {}) });
  it.each([
    ['its json', response('{"a":1}', { a: 1 }), { a: 1 }],
    ['the whole text parsed when json was dropped', response('{"a":2}', undefined), { a: 2 }],
    ['nothing for a compacted body', response('{"a":', undefined, true), undefined],
    ['nothing for a body that is not JSON', response('<p>hi</p>', undefined), undefined],
    ['nothing without a response', undefined, undefined],
  ])('%s', (_, r, body) => {
    expect(parsedBody(r)).toEqual(body);
  });
});
