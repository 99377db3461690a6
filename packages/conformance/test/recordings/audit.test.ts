/**
 * `audit` over integrators' mocks and recordings: Pact v2/v3/v4, WireMock, vcrpy, Ruby
 * VCR and Polly.js files built from the reference server's real answers pass; the same files with
 * one broken response fail with the check of that break (build.ts BREAKS), naming the interaction.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Har } from 'har-format';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { cliIo } from '../cli-io.js';
import { TOUR_KEY } from '../passive/tour.js';
import { BREAKS, breakOne, recordTour, writeAll, type Break } from './build.js';

type Paths = ReturnType<typeof writeAll>;
let clean: Paths;
const broken = new Map<Break, { paths: Paths; index: number }>();
let dir: string;

beforeAll(async () => {
  const har: Har = await recordTour();
  dir = mkdtempSync(join(tmpdir(), 'recordings-'));
  clean = writeAll(har, join(dir, 'clean'));
  for (const kind of Object.keys(BREAKS) as Break[]) {
    const b = breakOne(har, kind);
    broken.set(kind, { paths: writeAll(b.har, join(dir, `broken-${kind}`)), index: b.index });
  }
}, 60_000);

async function audit(path: string, reportDir?: string) {
  const c = cliIo({}, dir);
  const code = await main(['audit', relative(dir, path), ...(reportDir ? ['--report-dir', reportDir] : [])], c.io);
  return { code, ...c };
}

const FORMATS = ['pact2', 'pact3', 'pact4', 'wiremock', 'vcrpy', 'rubyVcr', 'polly'] as const;

describe('audit of recordings built from the reference server', () => {
  it.each(FORMATS)('%s: the clean recording passes, every interaction judged', async (format) => {
    const r = await audit(clean[format]);
    expect(r.code, r.text()).toBe(0);
    expect(r.text()).not.toMatch(/Not judged/);
    // The oracles applied: most checks pass on something, none is left unjudged for lack of traffic.
    const passed = Number(/Checks: +\d+ — (\d+) pass/.exec(r.text())?.[1]);
    expect(passed).toBeGreaterThanOrEqual(30);
    expect(r.text()).not.toContain(TOUR_KEY);
  });

  const CASES = FORMATS.flatMap((format) => (Object.keys(BREAKS) as Break[]).map((kind) => [format, kind] as const));
  it.each(CASES)('%s with the %s break: fails that check alone, naming the interaction', async (format, kind) => {
    const { paths, index } = broken.get(kind)!;
    const reports = join(dir, `reports-${format}-${kind}`);
    const r = await audit(paths[format], reports);
    expect(r.code, r.text()).toBe(1);
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; status: string; reason?: string; violation?: { message: string } }> };
    const failed = results.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn');
    expect(failed.map((o) => o.id)).toEqual([BREAKS[kind]]);
    // Each format's own name of the interaction: Pact description / mapping name, cassette or HAR entry.
    const name = format === 'wiremock' || format.startsWith('pact') ? ` › "${index + 1}: GET ` : format === 'vcrpy' || format === 'rubyVcr' ? ` › interaction ${index + 1} (GET ` : ` › "tour" entry ${index + 1} (GET `;
    expect(failed[0]!.violation!.message).toContain(name);
    expect(failed[0]!.reason).toContain(name);
    expect(r.text()).toContain(name);
    expect(JSON.stringify(results)).not.toContain(TOUR_KEY);
  });

  it('a folder holding several formats is read whole, each file by its content', async () => {
    const r = await audit(join(dir, 'clean'), join(dir, 'reports-all'));
    expect(r.code, r.text()).toBe(0);
    const results = JSON.parse(readFileSync(join(dir, 'reports-all', 'results.json'), 'utf8')) as { config: { recordings: Array<{ file: string; format: string }> } };
    expect(results.config.recordings.map((f) => f.format).sort()).toEqual(
      expect.arrayContaining(['Pact 2.0.0', 'Pact 3.0.0', 'Pact 4.0', 'Polly.js recording (HAR 1.2)', 'VCR cassette (Ruby VCR)', 'VCR cassette (vcrpy)', 'WireMock mapping']),
    );
  });
});
