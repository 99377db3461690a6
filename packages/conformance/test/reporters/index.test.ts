import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  REPORT_FILES,
  renderConsole,
  renderHtml,
  renderJson,
  renderJunit,
  renderMarkdown,
  resultsSchema,
  writeReports,
} from '../../src/reporters/index.js';
import { FAKE_KEY, hostile, mixed } from './fixtures.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('reporters index', () => {
  it.each([
    ['console', (r: typeof mixed) => renderConsole(r)],
    ['console (colour)', (r: typeof mixed) => renderConsole(r, { color: true })],
    ['json', renderJson],
    ['junit', renderJunit],
    ['markdown', renderMarkdown],
    ['html', renderHtml],
  ])('%s: a fake key left in config, headers and curl shows only <redacted>', (_name, render) => {
    const text = render(hostile);
    expect(text).not.toContain(FAKE_KEY);
    expect(text).not.toContain(FAKE_KEY.slice(0, 12));
    expect(text).toMatch(/&lt;redacted&gt;|<redacted>/);
  });

  it.each([
    ['console', (r: typeof mixed) => renderConsole(r)],
    ['json', renderJson],
    ['junit', renderJunit],
    ['markdown', renderMarkdown],
    ['html', renderHtml],
  ])('%s: pure (same result, same text; the result is not changed)', (_name, render) => {
    const before = structuredClone(mixed);
    const a = render(mixed);
    expect(render(mixed)).toBe(a);
    expect(mixed).toEqual(before);
  });

  it('exports the results.json schema', () => {
    expect(resultsSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('writeReports writes the four files and returns their paths', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'reports-'));
    dirs.push(dir);
    const target = join(dir, 'nested', 'reports');
    const paths = await writeReports(mixed, target);
    expect(paths).toEqual({
      json: join(target, REPORT_FILES.json),
      junit: join(target, REPORT_FILES.junit),
      markdown: join(target, REPORT_FILES.markdown),
      html: join(target, REPORT_FILES.html),
    });
    expect(await readFile(paths.json, 'utf8')).toBe(renderJson(mixed));
    expect(await readFile(paths.junit, 'utf8')).toBe(renderJunit(mixed));
    expect(await readFile(paths.markdown, 'utf8')).toBe(renderMarkdown(mixed));
    expect(await readFile(paths.html, 'utf8')).toBe(renderHtml(mixed));
  });

  it('writeReports refuses an empty directory name with a usable message', async () => {
    await expect(writeReports(mixed, '  ')).rejects.toThrow('report directory must be a non-empty path, got "  ". Example: --report-dir reports');
  });
});
