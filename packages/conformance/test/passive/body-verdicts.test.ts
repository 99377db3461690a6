/**
 * Verdicts shared by identical bodies (passive/body-verdicts.ts): judged once per body and key,
 * frozen, bounded; and through the auditor, a body seen again gets the same verdict while the
 * stateful oracles still judge each exchange.
 */
import { describe, expect, it } from 'vitest';
import { BodyVerdicts, bodyVerdictsOf } from '../../src/passive/body-verdicts.js';
import { PassiveAuditor } from '../../src/passive/auditor.js';
import type { ObservedExchange } from '../../src/passive/observed.js';

describe('BodyVerdicts', () => {
  it('judges a body once per key, returns it frozen, and judges again for another key or body', () => {
    const v = new BodyVerdicts();
    let calls = 0;
    const judge = (text: string) => () => {
      calls += 1;
      return { json: JSON.parse(text) as unknown, isJson: true };
    };
    const a = v.get('GET /x\n200', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    expect(v.get('GET /x\n200', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'))).toBe(a);
    expect(calls).toBe(1);
    expect(Object.isFrozen((a.json as { a: { b: number[] } }).a.b)).toBe(true);
    expect(() => (a.json as { a: { b: number[] } }).a.b.push(2)).toThrow(TypeError);
    v.get('GET /x\n500', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    v.get('GET /x\n200', '{"a":2}', judge('{"a":2}'));
    expect(calls).toBe(3);
    expect(v.size).toBe(2);
  });

  it('stays within its bounds: the least recently used body goes first; an empty or huge body is never kept', () => {
    const v = new BodyVerdicts(2, 1_000);
    const j = () => ({ json: 1, isJson: true });
    v.get('k', '"1"', j);
    v.get('k', '"2"', j);
    v.get('k', '"1"', j);
    v.get('k', '"3"', j);
    let judged = 0;
    v.get('k', '"1"', () => (judged++, j()));
    v.get('k', '"2"', () => (judged++, j()));
    expect(judged).toBe(1);
    expect(v.size).toBe(2);
    v.get('k', 'x'.repeat(300 * 1024), j);
    expect(v.size).toBe(2);
    const chars = new BodyVerdicts(100, 10);
    for (const body of ['"aaaa"', '"bbbb"', '"cccc"']) chars.get('k', body, j);
    expect(chars.size).toBe(1);
  });

  it('is kept per validator: two auditors with different validators never share a verdict', () => {
    expect(bodyVerdictsOf({})).not.toBe(bodyVerdictsOf({}));
    const same = {};
    expect(bodyVerdictsOf(same)).toBe(bodyVerdictsOf(same));
  });

  it('through the auditor: the same page twice is judged alike and the chain oracles still see the second one', () => {
    const rec = (id: string) => ({ id, status: 'pending', createdAt: '2026-10-01T00:00:00Z' });
    const page = (query: string): ObservedExchange => ({
      method: 'GET',
      url: `http://api.test/requests/v3?${query}`,
      requestHeaders: { 'x-api-key': 'SECRET-abcdefghijkl' },
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ requests: [rec('a'), rec('b')], continuation: 'c1' }),
      durationMs: 1,
    });
    const a = new PassiveAuditor();
    const first = a.observe(page('limit=2'));
    const again = a.observe(page('limit=2'));
    expect(again.map((f) => f.check)).toEqual(first.map((f) => f.check));
    expect(first.map((f) => f.message).join('\n')).not.toMatch(/could not judge/);
    // The same body as the continuation page of that chain: the chain oracles judge it (a record twice).
    const next = a.observe(page('limit=2&continuation=c1'));
    expect(next.map((f) => f.check)).toContain('requests-v3.pagination.no-duplicates');
  });
});
