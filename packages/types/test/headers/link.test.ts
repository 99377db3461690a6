import { describe, expect, it } from 'vitest';
import { HeaderParseError } from '../../src/headers/header-parse-error.js';
import { findLink, parseLinkHeader } from '../../src/headers/link.js';

describe('parseLinkHeader (RFC 8288 §3)', () => {
  it('parses the three v2 relations of the document', () => {
    const value =
      '<https://docs.example.com/migrate>; rel="deprecation", <https://docs.example.com/migrate>; rel="sunset", ' +
      '<https://api.example.com/requests/v3>; rel="successor-version"';
    const links = parseLinkHeader(value);
    expect(links.map((l) => [l.target, l.rel])).toEqual([
      ['https://docs.example.com/migrate', ['deprecation']],
      ['https://docs.example.com/migrate', ['sunset']],
      ['https://api.example.com/requests/v3', ['successor-version']],
    ]);
    expect(findLink(links, 'Successor-Version')?.href).toBe('https://api.example.com/requests/v3');
  });

  it('keeps commas and semicolons inside <...> in the target', () => {
    const links = parseLinkHeader('<https://x.example/a,b;c?q=1,2>; rel=next, <https://x.example/z>; rel=prev');
    expect(links).toHaveLength(2);
    expect(links[0]!.target).toBe('https://x.example/a,b;c?q=1,2');
    expect(links[0]!.rel).toEqual(['next']);
    expect(links[1]!.target).toBe('https://x.example/z');
  });

  it('reads quoted strings with escapes, commas and semicolons', () => {
    const [link] = parseLinkHeader('<https://x.example/>; title="a \\"quoted\\", title; ok"; rel="sunset"');
    expect(link!.params.title).toBe('a "quoted", title; ok');
    expect(link!.rel).toEqual(['sunset']);
  });

  it('splits several relation types, lower-cases registered ones, keeps extension URIs', () => {
    const [link] = parseLinkHeader('<https://x.example/>; rel="Deprecation  successor-version https://rel.example/Custom"');
    expect(link!.rel).toEqual(['deprecation', 'successor-version', 'https://rel.example/Custom']);
  });

  it('ignores a second rel in the same link-value (RFC 8288 §3.3) and keeps other params', () => {
    const [link] = parseLinkHeader('<https://x.example/>; rel=sunset; rel=deprecation; type="text/html"; hreflang=en');
    expect(link!.rel).toEqual(['sunset']);
    expect(link!.params).toEqual(expect.objectContaining({ type: 'text/html', hreflang: 'en' }));
  });

  it('accepts tokens, flag params, whitespace around ";" and "=", upper-case names', () => {
    const [link] = parseLinkHeader('<https://x.example/> ;\tREL = sunset ; crossorigin ; Media="screen"');
    expect(link!.rel).toEqual(['sunset']);
    expect(link!.params.crossorigin).toBe('');
    expect(link!.params.media).toBe('screen');
  });

  it('reads unquoted values up to the next ";" or "," (RFC 8288 Appendix B.3)', () => {
    const [first, second] = parseLinkHeader('<https://x.example/>; type=text/html ; rel=, <https://y.example/>; rel=next');
    expect(first!.params.type).toBe('text/html');
    expect(first!.rel).toEqual([]);
    expect(second!.rel).toEqual(['next']);
  });

  it('decodes RFC 8187 ext-values (title*)', () => {
    const [link] = parseLinkHeader("<https://x.example/>; rel=sunset; title*=UTF-8'de'n%c3%a4chstes%20Kapitel");
    expect(link!.params['title*']).toBe('nächstes Kapitel');
  });

  it('skips empty list elements and a trailing ";"', () => {
    const links = parseLinkHeader(' , <https://a.example/>; rel=a;, ,<https://b.example/>,');
    expect(links.map((l) => l.target)).toEqual(['https://a.example/', 'https://b.example/']);
    expect(links[1]!.rel).toEqual([]);
  });

  it('parses field lines combined by Headers.get', () => {
    const headers = new Headers();
    headers.append('Link', '<https://a.example/>; rel="deprecation"');
    headers.append('Link', '<https://b.example/>; rel="successor-version"');
    const links = parseLinkHeader(headers.get('link')!);
    expect(findLink(links, 'successor-version')?.target).toBe('https://b.example/');
  });

  it('resolves relative targets against the base URL', () => {
    const [link] = parseLinkHeader('</requests/v3?x=1>; rel="successor-version"', { baseUrl: 'https://api.example.com/requests/v2?limit=2' });
    expect(link!.href).toBe('https://api.example.com/requests/v3?x=1');
    const [unresolved] = parseLinkHeader('</requests/v3>; rel="successor-version"');
    expect(unresolved!.href).toBeNull();
  });

  it('treats a __proto__ parameter as data', () => {
    const [link] = parseLinkHeader('<https://x.example/>; __proto__="polluted"; rel=a');
    expect(link!.params.__proto__).toBe('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['no angle brackets', 'https://x.example/; rel=a', /expected "<"/],
    ['unterminated target', '<https://x.example/; rel=a', /unterminated "<"/],
    ['unterminated quoted string', '<https://x.example/>; rel="a', /unterminated quoted string/],
    ['junk after the target', '<https://x.example/> rel=a', /expected ";" or ","/],
    ['a bad parameter name', '<https://x.example/>; ="a"', /expected a parameter name/],
    ['whitespace in the target', '<https://x.example/a b>; rel=a', /whitespace/],
    ['a bad ext-value', "<https://x.example/>; title*=nope", /ext-value/],
  ])('rejects %s with a clear error', (_name, value, message) => {
    expect(() => parseLinkHeader(value)).toThrow(HeaderParseError);
    expect(() => parseLinkHeader(value)).toThrow(message);
  });

  it('returns no links for an empty value', () => {
    expect(parseLinkHeader('')).toEqual([]);
  });

  it('handles a very long header in linear time', () => {
    const value = Array.from({ length: 5000 }, (_, i) => `<https://x.example/${i}>; rel="r${i}"`).join(', ');
    const started = performance.now();
    expect(parseLinkHeader(value)).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
