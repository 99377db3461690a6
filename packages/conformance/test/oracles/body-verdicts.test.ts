/**
 * Verdicts shared by identical bodies (oracles/body-verdicts.ts): kept from a body's second sight,
 * frozen, bounded; and through the auditor, a body seen again gets the same verdict while the
 * stateful oracles still judge each exchange.
 */
import { describe, expect, it } from 'vitest';
import { BodyVerdicts, bodyVerdictsOf } from '../../src/oracles/body-verdicts.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';

describe('BodyVerdicts', () => {
  it('keeps the verdict of a body that comes again, frozen, and judges again for another key or body', () => {
    const v = new BodyVerdicts();
    let calls = 0;
    const judge = (text: string) => () => {
      calls += 1;
      return { json: JSON.parse(text) as unknown, isJson: true };
    };
    // First sight: judged, not kept (most bodies of real traffic never come back).
    const once = v.get('GET /x\n200', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    expect(v.size).toBe(0);
    expect(Object.isFrozen(once.json)).toBe(false);
    // Second sight: judged and kept; from then on shared.
    const a = v.get('GET /x\n200', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    expect(v.get('GET /x\n200', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'))).toBe(a);
    expect(calls).toBe(2);
    expect(Object.isFrozen((a.json as { a: { b: number[] } }).a.b)).toBe(true);
    expect(() => (a.json as { a: { b: number[] } }).a.b.push(2)).toThrow(TypeError);
    v.get('GET /x\n500', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    v.get('GET /x\n500', '{"a":{"b":[1]}}', judge('{"a":{"b":[1]}}'));
    v.get('GET /x\n200', '{"a":2}', judge('{"a":2}'));
    v.get('GET /x\n200', '{"a":2}', judge('{"a":2}'));
    expect(calls).toBe(6);
    expect(v.size).toBe(2);
  });

  it('stays within its bounds: the least recently used body goes first; an empty or huge body is never kept', () => {
    const v = new BodyVerdicts(2, 1_000);
    const j = () => ({ json: 1, isJson: true });
    const twice = (body: string) => (v.get('k', body, j), v.get('k', body, j));
    twice('"1"');
    twice('"2"');
    v.get('k', '"1"', j);
    twice('"3"');
    let judged = 0;
    v.get('k', '"1"', () => (judged++, j()));
    v.get('k', '"2"', () => (judged++, j()));
    expect(judged).toBe(1);
    expect(v.size).toBe(2);
    twice('x'.repeat(300 * 1024));
    expect(v.size).toBe(2);
    const chars = new BodyVerdicts(100, 10);
    for (const body of ['"aaaa"', '"bbbb"', '"cccc"']) (chars.get('k', body, j), chars.get('k', body, j));
    expect(chars.size).toBe(1);
  });

  it('remembers the bodies seen once within the same bounds: one that comes back after as many others is judged afresh and not kept', () => {
    const v = new BodyVerdicts(2, 1_000);
    let calls = 0;
    const j = () => (calls++, { json: 1, isJson: true });
    for (const body of ['"1"', '"2"', '"3"', '"1"']) v.get('k', body, j);
    expect(calls).toBe(4);
    expect(v.size).toBe(0);
    v.get('k', '"1"', j);
    expect(v.size).toBe(1);
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
    // The same body as the continuation page of that chain: the chain oracles judge it (it hands back its own cursor).
    const next = a.observe(page('limit=2&continuation=c1'));
    expect(next.map((f) => f.check)).toContain('requests-v3.pagination.terminates');
  });
});
