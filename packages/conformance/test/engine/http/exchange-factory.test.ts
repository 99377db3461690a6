import { describe, expect, it } from 'vitest';
import { ExchangeFactory, curlCommand } from '../../../src/engine/http/exchange-factory.js';

const KEY = 'sk_live_primary_123';
const OTHER = 'sk_live_other_456';
const GATEWAY = 'gw-token-789';
const factory = () => new ExchangeFactory({ baseUrl: 'http://t.test/', apiKey: KEY, otherApiKey: OTHER, headers: { 'X-Gateway': GATEWAY } });

describe('ExchangeFactory', () => {
  it('sends the key and -H headers, and records them redacted with a curl line naming the variable', () => {
    const f = factory();
    const { url, headers, body, exchange } = f.prepare({ method: 'POST', path: '/x', query: { q: KEY, none: undefined }, body: { k: KEY } }, 'primary', 7);
    expect(url).toBe(`http://t.test/x?q=${KEY}`);
    expect(headers).toEqual({ accept: 'application/json', 'content-type': 'application/json', 'x-gateway': GATEWAY, 'x-api-key': KEY });
    expect(body).toBe(JSON.stringify({ k: KEY }));
    expect(exchange.seq).toBe(7);
    expect(JSON.stringify(exchange)).not.toMatch(new RegExp(`${KEY}|${GATEWAY}`));
    expect(exchange.curl).toContain('-H "x-api-key: $CONFORMANCE_API_KEY"');
  });

  it.each([
    ['primary', KEY],
    ['other', OTHER],
    ['none', undefined],
    [{ key: 'made-up' }, 'made-up'],
  ] as const)('auth %j sends %s', (auth, key) => {
    expect(factory().keyFor(auth)).toBe(key);
  });

  it('a key not configured is the check error', () => {
    expect(() => factory().keyFor('inactive')).toThrow(/inactive API key, but none is configured/);
    expect(() => new ExchangeFactory({ baseUrl: 'http://t.test' }).keyFor('primary')).toThrow(/declare requires: \[apiKey\]/);
  });

  it('defaults to the primary key when one is configured', () => {
    expect(factory().authOf({ method: 'GET', path: '/' })).toBe('primary');
    expect(new ExchangeFactory({ baseUrl: 'http://t.test' }).authOf({ method: 'GET', path: '/' })).toBe('none');
  });

  it('credentials: x-api-key and the -H names, any case', () => {
    const f = factory();
    expect(['x-api-key', 'X-API-KEY', 'x-gateway', 'accept'].map((n) => f.isCredential(n))).toEqual([true, true, true, false]);
  });

  it("names only the target's own bases", () => {
    const f = factory();
    expect(() => f.urlFor({ path: '/x', base: 'http://third.party' })).toThrow(/not the target's own/);
    f.allowBase('http://twin.test/');
    expect(f.urlFor({ path: 'x', base: 'http://twin.test' })).toBe('http://twin.test/x');
  });

  it('reads an answer redacted and parsed; a body that is not JSON stays text', () => {
    const f = factory();
    const headers = new Headers({ 'content-type': 'application/json', 'x-echo': KEY });
    const resp = f.read({ status: 200, headers, text: async () => '' }, `{"echo":"${KEY}"}`);
    expect(resp).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'x-echo': '<redacted>' }, bodyText: '{"echo":"<redacted>"}', json: { echo: '<redacted>' }, isJson: true });
    expect(f.read({ status: 502, headers, text: async () => '' }, '<html>')).toMatchObject({ json: undefined, isJson: false });
    expect(f.read({ status: 204, headers, text: async () => '' }, '  ')).toMatchObject({ json: undefined, isJson: false });
  });

  it('validates an attached answer when the operation is known', () => {
    const calls: unknown[] = [];
    const validator = { matchOperation: () => 'GET /x', validate: (...args: unknown[]) => (calls.push(args), { ok: true }) } as never;
    const f = new ExchangeFactory({ baseUrl: 'http://t.test', validator });
    const { exchange } = f.prepare({ method: 'GET', path: '/x' }, 'none', 1);
    f.attach(exchange, { status: 200, headers: { 'content-type': 'application/json' }, bodyText: '{}', json: {}, isJson: true });
    expect(exchange.operation).toBe('GET /x');
    expect(exchange.schema).toEqual({ ok: true });
    expect(calls).toEqual([['GET /x', 200, 'application/json', '{}', {}, true]]);
  });
});

describe('curlCommand', () => {
  it('quotes for the shell, double-quotes a variable reference, leaves GET and accept implicit', () => {
    expect(curlCommand('GET', { accept: 'application/json', 'x-api-key': '$CONFORMANCE_API_KEY', 'x-n': "it's" }, undefined, 'http://t/x?a=1&b=2')).toBe(
      `curl -sS -H "x-api-key: $CONFORMANCE_API_KEY" -H 'x-n: it'\\''s' 'http://t/x?a=1&b=2'`,
    );
    expect(curlCommand('POST', {}, '{"a":1}', 'http://t/x')).toBe(`curl -sS -X POST --data '{"a":1}' 'http://t/x'`);
  });
});
