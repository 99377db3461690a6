/**
 * The reporters: pure functions from a {@link RunResult} to text (house-style.md point 5), and
 * {@link writeReports}, the one function here that writes files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunResult } from '../contract/types.js';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import resultsSchemaJson from './results.schema.json' with { type: 'json' };

export { createProgressPrinter, renderConsole, renderOutcomeBlock, type ConsoleOptions, type ProgressOptions } from './console.js';
export { renderHtml } from './html.js';
export { RESULTS_FORMAT, renderJson, resultsDocument } from './json.js';
export { renderJunit } from './junit.js';
export { MAX_MARKDOWN_BYTES, renderMarkdown, type MarkdownOptions } from './markdown.js';
export { clauseStatus, familySummaries, verdict, type ClauseStatus, type FamilySummary, type Verdict } from './summary.js';

/** JSON Schema (2020-12) of results.json. */
export const resultsSchema: Readonly<Record<string, unknown>> = resultsSchemaJson;

/** File names written by {@link writeReports}. */
export const REPORT_FILES = {
  json: 'results.json',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
} as const;

export type ReportPaths = { -readonly [K in keyof typeof REPORT_FILES]: string };

/**
 * Writes results.json, junit.xml, summary.md and report.html into `dir` (created if missing) and
 * returns their absolute paths. Rendering happens before any write, so a renderer bug leaves no
 * half-written set.
 */
export async function writeReports(result: RunResult, dir: string): Promise<ReportPaths> {
  if (typeof dir !== 'string' || dir.trim() === '') {
    throw new TypeError(`report directory must be a non-empty path, got ${JSON.stringify(dir)}. Example: --report-dir reports`);
  }
  const contents: Record<keyof typeof REPORT_FILES, string> = {
    json: renderJson(result),
    junit: renderJunit(result),
    markdown: renderMarkdown(result),
    html: renderHtml(result),
  };
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const paths = {} as ReportPaths;
  for (const key of Object.keys(REPORT_FILES) as Array<keyof typeof REPORT_FILES>) {
    const path = join(root, REPORT_FILES[key]);
    await writeFile(path, contents[key], 'utf8');
    paths[key] = path;
  }
  return paths;
}
