import { describe, expect, it } from 'vitest';
import { deprecationProblem, exposeProblem, linkProblem, namesRequestsV3, parseImfFixdate, sunsetProblem } from '../../src/contract/deprecation-headers.js';

const GUIDE = 'https://docs.example/migrating-to-requests-v3';
const LINK = `<${GUIDE}>; rel="deprecation", <${GUIDE}>; rel="sunset", <https://api.example/requests/v3>; rel="successor-version"`;

describe('header validators', () => {
  it.each([
    ['@1784678400', undefined],
    ['@1784678400;foo=1', undefined],
    ['@1784678400;=', 'not a structured field'],
    [undefined, 'no Deprecation header'],
    ['1784678400', 'not a structured-field Date'],
    ['Wed, 22 Jul 2026 00:00:00 GMT', 'not a structured'],
    ['@17846784.5', 'not a structured'],
  ])('Deprecation %s', (value, problem) => {
    const p = deprecationProblem(value);
    if (problem === undefined) expect(p).toBeUndefined();
    else expect(p).toContain(problem);
  });

  it.each([
    ['Tue, 24 Nov 2026 00:00:00 GMT', true],
    ['Mon, 24 Nov 2026 00:00:00 GMT', false],
    ['Tue, 24 Nov 2026 00:00:00 UTC', false],
    ['2026-11-24T00:00:00Z', false],
    ['Tue, 31 Nov 2026 00:00:00 GMT', false],
    ['Tuesday, 24-Nov-26 00:00:00 GMT', false],
  ])('IMF-fixdate %s -> %s', (value, ok) => {
    expect(parseImfFixdate(value) !== undefined).toBe(ok);
    expect(sunsetProblem(value) === undefined).toBe(ok);
  });

  it('Link needs the three relations and a successor naming /requests/v3 (relative targets resolve)', () => {
    const url = 'http://fake.test/requests/v2';
    expect(linkProblem(LINK, url)).toBeUndefined();
    expect(linkProblem('<https://g>; rel="deprecation sunset", </requests/v3/>; rel="successor-version"', url)).toBeUndefined();
    expect(linkProblem(LINK.replace(/, <[^>]*>; rel="sunset"/, ''), url)).toContain('sunset');
    expect(linkProblem(LINK.replace('/requests/v3', '/requests/v2'), url)).toContain('does not name /requests/v3');
    expect(linkProblem(undefined, url)).toBe('no Link header');
  });

  it('Access-Control-Expose-Headers must list the three, in any case', () => {
    expect(exposeProblem('link, DEPRECATION,sunset, x-other')).toBeUndefined();
    expect(exposeProblem('Deprecation, Link')).toContain('sunset');
    expect(exposeProblem('*')).toContain('does not list');
  });
});

describe('namesRequestsV3', () => {
  it.each([
    ['https://api.example/requests/v3', true],
    ['/requests/v3/', true],
    ['https://api.example/requests/v2', false],
    ['https://api.example/requests/v3/extra', false],
    ['http://[bad', undefined],
  ])('%s -> %s', (target, named) => {
    expect(namesRequestsV3(target, 'https://api.example/requests/v2?limit=1')).toBe(named);
  });
});
