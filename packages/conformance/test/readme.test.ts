import { readFileSync } from 'node:fs';
import { clauses } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { checksTable, replaceTable } from '../src/checks-table.js';
import { allChecks } from '../src/checks/index.js';
import { FIELDS } from '../src/config/fields.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README.md', () => {
  it('lists every check of the registry (regenerate: node scripts/checks-table.mjs)', () => {
    const levels = new Map(clauses.map((c) => [c.id, c.level]));
    expect(replaceTable(readme, checksTable(allChecks, levels))).toBe(readme);
  });

  it('documents every flag and its environment variable', () => {
    const missing = FIELDS.filter((f) => !readme.includes(`\`${f.flag}`) || !readme.includes(f.env)).map((f) => f.flag);
    expect(missing).toEqual([]);
  });
});
