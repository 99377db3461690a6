import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clauses } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { checksTable, replaceTable } from '../src/checks-table.js';
import { allChecks } from '../src/checks/index.js';
import { FIELDS } from '../src/config/fields.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));
const readme = readFileSync(README, 'utf8');
const doc = (name: string): string => readFileSync(join(DOCS, name), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

/** The headings and the relative links of a Markdown file, code blocks left out. */
function outline(path: string): { anchors: Set<string>; links: string[] } {
  const prose = readFileSync(path, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const anchors = new Set([...prose.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
  return { anchors, links };
}

describe('README.md and docs/', () => {
  it('docs/checks.md lists every check of the registry (regenerate: node scripts/checks-table.mjs)', () => {
    const levels = new Map(clauses.map((c) => [c.id, c.level]));
    const page = doc('checks.md');
    expect(replaceTable(page, checksTable(allChecks, levels))).toBe(page);
  });

  it('docs/configuration.md documents every flag and its environment variable', () => {
    const page = doc('configuration.md');
    const missing = FIELDS.filter((f) => !page.includes(`\`${f.flag}`) || !page.includes(f.env)).map((f) => f.flag);
    expect(missing).toEqual([]);
  });

  it('the README is a guide of at most 400 lines that links every page of docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const linked = new Set(outline(README).links.map((l) => resolve(dirname(README), l.split('#')[0]!)));
    const unlinked = readdirSync(DOCS).filter((f) => f.endsWith('.md') && !linked.has(join(DOCS, f)));
    expect(unlinked).toEqual([]);
  });

  it('every relative link of the README and of docs/ reaches a file, and its anchor a heading', () => {
    const files = [README, ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f))];
    const broken = files.flatMap((file) =>
      outline(file).links.flatMap((link) => {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : resolve(dirname(file), path);
        if (!existsSync(target)) return [`${file}: ${link}`];
        if (anchor && target.endsWith('.md') && !outline(target).anchors.has(anchor)) return [`${file}: ${link}`];
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
