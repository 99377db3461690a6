import { describe, expect, it } from 'vitest';
import { parseDictionary, parseList, StructuredFieldError } from '../../src/engine/structured-fields.js';

describe('parseList (RFC 9651 §4.2.1)', () => {
  it('reads the draft RateLimit field: a string item with integer parameters', () => {
    const [item, ...rest] = parseList('"default";r=50;t=30');
    expect(rest).toEqual([]);
    expect(item!.value).toBe('default');
    expect(Object.fromEntries(item!.params)).toEqual({ r: 50, t: 30 });
  });

  it('reads several members, tokens, booleans, decimals and bare parameters', () => {
    const items = parseList('"a";r=0, burst;q=1.5;x ,  ?1;y=-2');
    expect(items.map((i) => i.value)).toEqual(['a', { token: 'burst' }, true]);
    expect(Object.fromEntries(items[1]!.params)).toEqual({ q: 1.5, x: true });
    expect(items[2]!.params.get('y')).toBe(-2);
  });

  it('unescapes strings', () => {
    expect(parseList('"a \\"b\\" \\\\c"')[0]!.value).toBe('a "b" \\c');
  });

  it.each([
    ['an unterminated string', '"default;r=50'],
    ['a bad escape', '"a\\n"'],
    ['a trailing comma', '"a";r=1,'],
    ['a missing comma', '"a" "b"'],
    ['an inner list', '("a" "b")'],
    ['a byte sequence', ':YWJj:'],
    ['an upper-case parameter key', '"a";R=1'],
    ['an integer over 15 digits', '"a";r=1234567890123456'],
    ['a decimal with 4 fraction digits', '"a";r=1.2345'],
    ['a bad boolean', '?2'],
    ['a control character in a string', '"a\u0001"'],
  ])('refuses %s', (_what, input) => {
    expect(() => parseList(input)).toThrow(StructuredFieldError);
  });
});

describe('parseDictionary (RFC 9651 §4.2.2)', () => {
  it('reads the older draft form, a later key overriding an earlier one', () => {
    const d = parseDictionary('limit=100, remaining=50, reset=5, remaining=7, flag');
    expect([...d.keys()]).toEqual(['limit', 'remaining', 'reset', 'flag']);
    expect(d.get('remaining')!.value).toBe(7);
    expect(d.get('flag')!.value).toBe(true);
  });

  it.each([['a value that is a quoted key', '"limit"=1'], ['an empty member', 'limit=1,,reset=2'], ['a space before =', 'limit =1']])('refuses %s', (_what, input) => {
    expect(() => parseDictionary(input)).toThrow(StructuredFieldError);
  });
});
