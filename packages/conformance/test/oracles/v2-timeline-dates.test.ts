/**
 * The oracle of the v2 timeline's days (oracles/v2-timeline-dates.ts): the Deprecation and Sunset
 * headers and the body's three dates must name the days of the timeline; a day or a month off
 * fails, malformed values are left to the format rules, another time of the same day passes.
 */
import { describe, expect, it } from 'vitest';
import { timelineDateProblem } from '../../src/oracles/v2-timeline-dates.js';

const HEADERS = { deprecation: '@1784678400', sunset: 'Tue, 24 Nov 2026 00:00:00 GMT' };
const BODY = { deprecation: { message: 'm', deprecatedAt: '2026-07-22T00:00:00Z', throttledFrom: '2026-09-01T00:00:00Z', sunsetAt: '2026-11-24T00:00:00Z', successor: 's', migrationGuide: 'g' } };
const withBody = (field: string, value: string) => ({ deprecation: { ...BODY.deprecation, [field]: value } });

describe('timelineDateProblem', () => {
  it('passes the live values (headers and body), and another time of the same days', () => {
    expect(timelineDateProblem(HEADERS, BODY)).toBeUndefined();
    expect(timelineDateProblem({ deprecation: '@1784700000', sunset: 'Tue, 24 Nov 2026 12:00:00 GMT' }, withBody('throttledFrom', '2026-09-01T08:00:00+02:00'))).toBeUndefined();
    expect(timelineDateProblem({}, undefined)).toBeUndefined();
  });

  it('fails a Deprecation header a day late', () => {
    expect(timelineDateProblem({ ...HEADERS, deprecation: '@1784764800' }, BODY)).toMatch(/Deprecation: @1784764800 names 2026-07-23, the timeline's deprecation is 2026-07-22/);
  });

  it('fails a Sunset header a day early', () => {
    expect(timelineDateProblem({ ...HEADERS, sunset: 'Mon, 23 Nov 2026 00:00:00 GMT' }, BODY)).toMatch(/Sunset: .* names 2026-11-23/);
  });

  it('fails a body whose throttledFrom is a month early, or whose deprecatedAt is a year off', () => {
    expect(timelineDateProblem(HEADERS, withBody('throttledFrom', '2026-08-01T00:00:00Z'))).toMatch(/deprecation.throttledFrom = 2026-08-01T00:00:00Z names 2026-08-01, the timeline's is 2026-09-01/);
    expect(timelineDateProblem(HEADERS, withBody('deprecatedAt', '2025-07-22T00:00:00Z'))).toMatch(/deprecatedAt/);
  });

  it('leaves malformed values to the format rules', () => {
    expect(timelineDateProblem({ deprecation: 'Wed, 22 Jul 2026 00:00:00 GMT', sunset: 'tomorrow' }, withBody('sunsetAt', 'soon'))).toBeUndefined();
  });
});
