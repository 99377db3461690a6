import { describe, expect, it } from 'vitest';
import { FIELD_BY_KEY } from '../../src/config/fields.js';
import type { ConformanceConfig } from '../../src/config/fields.js';
import { coerce, parseOptionsObject } from '../../src/config/validate.js';
import { configErrorOf as errorOf } from '../support/config-error.js';

const field = (key: keyof ConformanceConfig) => FIELD_BY_KEY.get(key)!;

describe('coerce', () => {
  it.each([
    ['numRuns', 'ten', '--num-runs must be a positive integer, got "ten". Example: --num-runs 50'],
    ['numRuns', '0', '--num-runs must be a positive integer, got "0"'],
    ['baseUrl', 'ftp://x', '--base-url must be an http(s) URL, got "ftp://x"'],
    ['baseUrl', 'not a url', '--base-url must be an absolute http(s) URL'],
    ['baseUrl', 'https://x.test/?a=1', '--base-url must be a base URL without query or fragment'],
    ['timeoutMs', '-5', '--timeout-ms must be a positive integer'],
    ['mockSeed', '-1', '--mock-seed must be a non-negative integer, got "-1"'],
    ['seed', String(2 ** 32), '--seed must be a 32-bit integer'],
    ['strict', 'maybe', '--strict must be true or false, got "maybe"'],
    ['format', 'xml', '--format must be one of console, json, got "xml"'],
    ['mockNow', 'yesterday', '--mock-now must be an ISO 8601 date-time with a zone'],
    ['mockNow', '2026-10-15T12:00:00', '--mock-now must be an ISO 8601 date-time with a zone'],
  ] as const)('%s %j is a one-line usage error', (key, value, message) => {
    const msg = errorOf(() => coerce(field(key), value, 'flag'));
    expect(msg).toContain(message);
    expect(msg).not.toContain('\n');
  });

  it.each([
    ['baseUrl', 'https://x.test//', 'https://x.test'],
    ['seed', ' -42 ', -42],
    ['strict', 'Yes', true],
    ['quiet', '', false],
    ['only', ['a.b, c', 'd'], ['a.b', 'c', 'd']],
    ['mockNow', '2026-10-15T12:00:00+02:00', '2026-10-15T12:00:00+02:00'],
  ] as const)('%s %j -> %j', (key, value, parsed) => {
    expect(coerce(field(key), value, 'option')).toEqual(parsed);
  });

  it('names the source of the value', () => {
    expect(errorOf(() => coerce(field('maxRps'), 'fast', 'env'))).toMatch(/^CONFORMANCE_MAX_RPS must/);
    expect(errorOf(() => coerce(field('maxRps'), 'fast', 'file', 'c.yaml'))).toMatch(/^maxRps in c\.yaml must/);
    expect(errorOf(() => coerce(field('maxRps'), 'fast', 'option'))).toMatch(/^maxRps must/);
  });

  it('never shows a key in an error', () => {
    const msg = errorOf(() => coerce(field('apiKey'), '   ', 'flag'));
    expect(msg).toContain('<redacted>');
  });
});

describe('parseOptionsObject', () => {
  it('parses each known option, accepts mockFault for mockFaults and skips undefined values', () => {
    expect(parseOptionsObject({ numRuns: '3', mockFault: 'f', apiKey: undefined }, 'option')).toEqual({ numRuns: 3, mockFaults: ['f'] });
  });
  it('refuses what is not an object, and unknown options', () => {
    expect(errorOf(() => parseOptionsObject([1], 'file', 'c.json'))).toMatch(/^c\.json must hold an object of options, got \[1\]/);
    expect(errorOf(() => parseOptionsObject({ nmRuns: 3 }, 'option'))).toMatch(/^unknown option "nmRuns" in the options; known options: baseUrl, /);
  });
});
