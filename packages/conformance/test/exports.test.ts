/**
 * The public exports of @crosschain/conformance are the ones its guide documents (issue 24,
 * point 9): the runtime exports of each entry equal the names listed under "Exports".
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as vitestEntry from '../src/vitest.js';

const readme = readFileSync(new URL('../../../docs/library.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('<!-- exports:start -->'), readme.indexOf('<!-- exports:end -->'));
const names = (lines: string[]): string[] => lines.flatMap((l) => [...l.replace(/^- `[^`]+`:?/, '').matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!)).sort();

describe('public exports', () => {
  const lines = section.split('\n');
  const vitestLine = lines.findIndex((l) => l.startsWith('- `@crosschain/conformance/vitest`'));

  it('docs/library.md lists both entries', () => {
    expect(section.length).toBeGreaterThan(0);
    expect(vitestLine).toBeGreaterThan(0);
  });

  it('@crosschain/conformance exports exactly what docs/library.md documents', () => {
    expect(Object.keys(main).sort()).toEqual(names(lines.slice(0, vitestLine)));
  });

  it('@crosschain/conformance/vitest exports exactly what docs/library.md documents', () => {
    expect(Object.keys(vitestEntry).sort()).toEqual(names(lines.slice(vitestLine)));
  });
});
