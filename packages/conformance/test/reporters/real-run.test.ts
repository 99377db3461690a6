import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/run/runner.js';
import type { RunResult } from '../../src/contract/types.js';
import { renderConsole, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../src/reporters/index.js';
import { findAll, parseXml } from './mini-xml.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

/**
 * The reporters on what the engine really produces: a small run against the embedded reference
 * server with one fault, so every report has a failure with a real exchange.
 */
describe('reporters on a real run', () => {
  let result: RunResult;
  beforeAll(async () => {
    result = await runConformance({
      mockRecords: 300,
      mockNow: '2026-06-01T00:00:00.000Z',
      mockFaults: ['currencies-default-limit-50'],
      only: ['currencies-v2'],
      seed: 7,
      numRuns: 3,
    });
  });

  it('results.json validates against its schema and names the failing check', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(new URL('../../src/reporters/results.schema.json', import.meta.url), 'utf8')));
    const doc = JSON.parse(renderJson(result));
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.exitCode).toBe(1);
    const failed = doc.outcomes.filter((o: { status: string }) => o.status === 'fail').map((o: { id: string }) => o.id);
    expect(failed).toContain('currencies-v2.limit.default');
  });

  it('junit.xml is well-formed with a failure for the failing check', () => {
    const root = parseXml(renderJunit(result));
    const tc = findAll(root, 'testcase').find((t) => t.attrs.name === 'currencies-v2.limit.default');
    expect(tc?.children[0]?.name).toBe('failure');
    expect(tc?.children[0]?.text).toMatch(/Reproduce: curl /);
  });

  it('console, markdown and html show the failure with its replay command and no real key', () => {
    for (const text of [renderConsole(result), renderMarkdown(result), renderHtml(result)]) {
      expect(text).toContain('currencies-v2.limit.default');
      expect(text).toContain('--only currencies-v2.limit.default');
      expect(text).not.toContain('demo-key');
    }
  });
});
