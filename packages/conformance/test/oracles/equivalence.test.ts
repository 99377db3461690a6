/**
 * One oracle model: the kit runs against the reference server with
 * `--record`, `audit` judges that recording, and every check the audit can judge gets the same
 * verdict on both sides. Still data, moving data (statuses advance and requests arrive while the
 * kit runs) and each allowed variant; and faults that the oracles flag, so that the comparison is
 * not between two greens only.
 *
 * The checks the audit cannot judge are the active checks with no oracle (see docs/oracles.md at the
 * repository's root): relations across queries the kit constructs on purpose, the bad-input sweep, the
 * second integrator's key (a recording redacts every key alike), events.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockServer, variantCatalogue } from '@crosschain/mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { RunOptions, RunResult } from '../../src/contract/types.js';
import { oracleCheckIds } from '../../src/oracles/index.js';
import { apiOperations, apiValidator, auditRecordings } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';
import { map, RUN_TIMEOUT_MS, variantRun } from '../support/variant-runs.js';

const NOW = '2026-10-15T12:00:00Z';
const dir = mkdtempSync(join(tmpdir(), 'oracle-equivalence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const failing = (status: string | undefined): boolean => status === 'fail' || status === 'warn';

interface Compared {
  active: RunResult;
  audit: RunResult;
  /** `id: active status / audit status` of every check the audit judged where the two disagree. */
  differ: string[];
  /** Checks both sides judged (the audit passed or failed them). */
  judged: string[];
}

let n = 0;
async function runAndAudit(mock: Parameters<typeof startMockServer>[0], run: Partial<RunOptions> = {}, during?: (m: Awaited<ReturnType<typeof startMockServer>>) => () => void): Promise<Compared> {
  const server = await startMockServer({ port: 0, records: 300, seed: 3, now: NOW, quiet: true, ...mock });
  const har = join(dir, `run-${(n += 1)}.har`);
  const stop = during?.(server);
  let active: RunResult;
  try {
    active = await runConformance({ baseUrl: server.url, apiKey: server.apiKeys.demo, otherApiKey: server.apiKeys.other, seed: 5, numRuns: 3, record: har, skip: ['events'], ...run });
  } finally {
    stop?.();
    await server.close();
  }
  return compare(active, har);
}

/** The audit of the recording `har` of the run that gave `active`, compared with it check by check. */
async function compare(active: RunResult, har: string): Promise<Compared> {
  const validator = apiValidator();
  const recordings = await readRecordings([har], dirname(har), apiOperations(validator));
  const { result: audit } = auditRecordings(recordings, { startedAt: new Date(), files: [har], strict: false, validator });
  const byId = new Map(active.outcomes.map((o) => [o.id, o]));
  const differ: string[] = [];
  const judged: string[] = [];
  for (const o of audit.outcomes) {
    if (o.status !== 'pass' && !failing(o.status)) continue;
    const a = byId.get(o.id);
    // A request that got no answer (a reset connection under load) is no verdict of the target's: the audit has nothing to judge there.
    if (!a || (failing(a.status) && a.violation !== undefined && a.violation.response === undefined)) continue;
    judged.push(o.id);
    if (failing(a.status) !== failing(o.status)) differ.push(`${o.id}: active ${a.status} (${a.reason ?? a.violation?.message ?? ''}) / audit ${o.status} (${o.violation?.message ?? ''}; ${o.violation?.received ?? ''} ${o.violation?.request?.url ?? ''})`);
  }
  return { active, audit, differ, judged };
}

describe('the active verdict equals the audit of its own recording, check by check', () => {
  it('every oracle id is the id of an active check', () => {
    const ids = new Set(allChecks.map((c) => c.id));
    expect(oracleCheckIds().filter((id) => !ids.has(id))).toEqual([]);
  });

  it('still data: both green, most oracles judged', async () => {
    const r = await runAndAudit({});
    expect(r.differ).toEqual([]);
    expect(r.active.outcomes.filter((o) => o.status === 'fail' && o.violation?.response !== undefined).map((o) => o.id)).toEqual([]);
    expect(r.judged.length).toBeGreaterThanOrEqual(25);
  }, 180_000);

  it('moving data (statuses advance, requests arrive during the run): no false verdict on either side', async () => {
    const r = await runAndAudit({ advanceEveryMs: 3, arriveEveryMs: 5 });
    expect(r.differ).toEqual([]);
    expect(r.active.outcomes.filter((o) => o.status === 'fail' && o.violation?.response !== undefined).map((o) => o.id)).toEqual([]);
  }, 180_000);

  // Every variant of the catalogue (test/fixtures/variant-map.json gives the options some need): the
  // variant self-test's own run of the whole kit under it (test/support/variant-runs.ts), made once
  // per test run and recorded, its recording audited here.
  it.each(variantCatalogue.map((v) => v.name))('variant %s: same verdicts', async (variant) => {
    const { result, har } = await variantRun([variant], map.variants[variant]?.options);
    const r = await compare(result, har);
    expect(r.differ).toEqual([]);
  }, RUN_TIMEOUT_MS);

  it.each(['v3-limit-uncapped', 'v3-failreason-na', 'v3-amountusd-range-ignored', 'currencies-verified-ignored'])('fault %s: both sides fail the same checks', async (fault) => {
    const r = await runAndAudit({ faults: [fault] });
    expect(r.differ).toEqual([]);
    expect(r.audit.outcomes.some((o) => failing(o.status))).toBe(true);
  }, 180_000);
});
