/**
 * The kit's proof of worth, part 2 (architecture.md, "The kit tests itself"): every fault of the
 * reference server's catalogue makes the check(s) mapped to it in test/fixtures/fault-map.json fail.
 */
import { readFileSync } from 'node:fs';
import { faultCatalogue } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { RunOptions } from '../../src/index.js';

interface FaultEntry {
  checks: string[];
  options?: Partial<RunOptions>;
}

const map = (JSON.parse(readFileSync(new URL('../fixtures/fault-map.json', import.meta.url), 'utf8')) as { faults: Record<string, FaultEntry> }).faults;
const checkIds = new Set(allChecks.map((c) => c.id));

describe('fault-map.json', () => {
  it('maps every fault of the catalogue, and nothing else', () => {
    const unmapped = faultCatalogue.map((f) => f.name).filter((name) => !map[name]?.checks?.length);
    expect(unmapped, 'faults without a check').toEqual([]);
    const stale = Object.keys(map).filter((name) => !faultCatalogue.some((f) => f.name === name));
    expect(stale, 'mapped faults the server does not have').toEqual([]);
  });

  it('maps only to checks of the registry', () => {
    const unknown = Object.values(map).flatMap((e) => e.checks.filter((id) => !checkIds.has(id)));
    expect(unknown, 'unknown check ids').toEqual([]);
  });

  it('maps each fault to a check of the clause the fault breaks', () => {
    for (const fault of faultCatalogue) {
      const entry = map[fault.name];
      if (!entry) continue;
      const clausesTested = entry.checks.flatMap((id) => allChecks.find((c) => c.id === id)?.clauses ?? []);
      expect(clausesTested, `${fault.name} breaks ${fault.clause}`).toContain(fault.clause);
    }
  });
});

describe.each(faultCatalogue.map((f) => [f.name, f.clause] as const))('fault %s (breaks %s)', (name) => {
  it('exit 1 and the mapped check fails', async () => {
    const entry = map[name];
    expect(entry, `no mapping for ${name}`).toBeDefined();
    const result = await runConformance({
      only: entry!.checks,
      mockFaults: [name],
      mockNow: '2026-10-15T12:00:00Z',
      mockRecords: 300,
      seed: 7,
      numRuns: 5,
      ...(entry!.options ?? {}),
    });
    expect(result.exitCode).toBe(1);
    for (const id of entry!.checks) {
      const outcome = result.outcomes.find((o) => o.id === id);
      expect(outcome?.status, `${id} under ${name}: ${outcome?.reason ?? ''}`).toBe('fail');
      expect(outcome!.violation!.message).toBeTruthy();
      expect(outcome!.replay).toContain(`--mock-fault ${name}`);
    }
  });
});
