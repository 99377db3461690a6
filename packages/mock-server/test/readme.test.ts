/**
 * The README's counts and lists come from the catalogues (it said 42 faults while
 * --list-faults printed 47): this test fails when they drift, naming the text to write.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { faultCatalogue } from '../src/faults.js';
import { variantCatalogue } from '../src/variants/catalogue.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

describe('README.md', () => {
  it('counts the faults of the catalogue, and lists its event faults', () => {
    expect(readme).toContain(`(\`src/faults.ts\`): ${faultCatalogue.length} faults`);
    const events = faultCatalogue.map((f) => f.name).filter((n) => /^(ws|webhook)-/.test(n));
    const sentence = /the (\w+) event faults\s*\(([^)]*)\)/.exec(readme);
    expect(sentence?.[1]).toBe(WORDS[events.length] ?? String(events.length));
    expect(sentence![2]!.split(',').map((s) => s.trim().replace(/`/g, ''))).toEqual(events);
  });

  it('names every variant of the catalogue in its table, and counts them', () => {
    const missing = variantCatalogue.map((v) => v.name).filter((n) => !readme.includes(`\`${n}\``));
    expect(missing).toEqual([]);
    expect(readme).toContain(`(${variantCatalogue.length} variants)`);
  });

  it('runs its commands the way a clone can (pnpm exec), never a bare crosschain-mock', () => {
    const blocks = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
    const inline = [...readme.matchAll(/`([^`]*crosschain-mock [^`]*)`/g)].map((m) => m[1]!);
    const bare = [...blocks, ...inline].filter((line) => /(^|\s)crosschain-mock\s/.test(line) && !/(pnpm exec|npx) crosschain-mock/.test(line));
    expect(bare).toEqual([]);
  });
});
