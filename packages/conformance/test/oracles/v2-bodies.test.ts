import { describe, expect, it } from 'vitest';
import { deprecationInconsistency, deprecationObjectProblem, isIso8601 } from '../../src/oracles/deprecation-body.js';
import { rateLimitBodyProblem } from '../../src/oracles/v2-rate-limit.js';

const dep = { message: 'v2 is deprecated', successor: '/requests/v3', migrationGuide: 'https://docs.example/migrate', deprecatedAt: '2026-07-22T00:00:00Z', throttledFrom: '2026-09-01T00:00:00Z', sunsetAt: '2026-11-24T00:00:00Z' };

describe('v2 body oracles', () => {
  it('the deprecation object: six fields, dates in ISO 8601', () => {
    expect(deprecationObjectProblem({ requests: [], deprecation: dep })).toBeUndefined();
    expect(deprecationObjectProblem({ requests: [] })).toMatch(/no top-level `deprecation` object/);
    expect(deprecationObjectProblem({ deprecation: { ...dep, migrationGuide: '' } })).toMatch(/deprecation\.migrationGuide/);
    expect(deprecationObjectProblem({ deprecation: { ...dep, sunsetAt: 'Tue, 24 Nov 2026 00:00:00 GMT' } })).toMatch(/deprecation\.sunsetAt .*ISO 8601/);
    expect(isIso8601('2026-07-22')).toBe(true);
    expect(isIso8601('2026-02-30T00:00:00Z')).toBe(Number.isFinite(Date.parse('2026-02-30T00:00:00Z')));
  });

  it('the deprecation object agrees with the timeline and with well-formed headers', () => {
    const headers = { deprecation: `@${Date.parse('2026-07-22T00:00:00Z') / 1000}`, sunset: 'Tue, 24 Nov 2026 00:00:00 GMT' };
    expect(deprecationInconsistency(dep, headers)).toBeUndefined();
    expect(deprecationInconsistency(dep, { deprecation: 'not a date' })).toBeUndefined();
    expect(deprecationInconsistency({ ...dep, sunsetAt: '2026-12-01T00:00:00Z' }, {})).toMatchObject({ message: 'deprecation.sunsetAt must match the published timeline', expected: '2026-11-24' });
    expect(deprecationInconsistency(dep, { ...headers, deprecation: `@${Date.parse('2026-07-23T00:00:00Z') / 1000}` })?.message).toMatch(/Deprecation header and deprecation\.deprecatedAt/);
    expect(deprecationInconsistency(dep, { ...headers, sunset: 'Wed, 25 Nov 2026 00:00:00 GMT' })?.message).toMatch(/Sunset header and deprecation\.sunsetAt/);
  });

  it('the 429 body: message, migrationGuide, successor naming /requests/v3 (resolved against the request)', () => {
    const url = 'https://api.example/requests/v2?limit=1';
    const body = { message: 'slow down', successor: '/requests/v3', migrationGuide: 'https://docs.example/migrate' };
    expect(rateLimitBodyProblem(body, '', url)).toBeUndefined();
    expect(rateLimitBodyProblem(undefined, 'Too Many Requests', url)).toMatch(/not a JSON object: /);
    expect(rateLimitBodyProblem({ ...body, successor: '/requests/v2' }, '', url)).toMatch(/does not name \/requests\/v3/);
    expect(rateLimitBodyProblem({ ...body, message: 1 }, '', url)).toMatch(/no string `message`/);
  });
});
