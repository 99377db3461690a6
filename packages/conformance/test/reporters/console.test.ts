import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/engine/events.js';
import type { CheckOutcome } from '../../src/contract/types.js';
import { COUNTEREXAMPLE_CHARS, createProgressPrinter, renderConsole, renderOutcomeBlock } from '../../src/reporters/console.js';
import { FAKE_KEY, clean, disabled, errored, failing, hostile, mixed, outcome, passing, passing2, runResult, skipped, strict, warning } from './fixtures.js';

const ANSI = /\u001b\[/;

describe('renderConsole', () => {
  it('prints the failure in the house-style format (house-style.md point 6)', () => {
    const block = renderOutcomeBlock(failing);
    expect(block.split('\n')).toEqual([
      '✘ requests-v3.filters.or-across-groups  GET /requests/v3',
      '  Groups must be OR-ed: a record matching only the second group is missing',
      '  Check:     Title of requests-v3.filters.or-across-groups',
      '  Clause:    requests-v3.filters.groups-or, requests-v3.filters.groups (MUST)',
      '  Expected: id 0x41… in the result (matches group 2: {"status":"refund"})',
      '  Received: 37 records, none with that id',
      "  Reproduce: curl -H 'x-api-key: <redacted>' 'http://127.0.0.1:4010/requests/v3?limit=51'",
      '  Replay:    crosschain-conformance --seed 1234 --only requests-v3.filters.or-across-groups',
      '  Counterexample: {"filters":[{"status":"success"},{"status":"refund"}]}',
      "  Path:      0:1:2 (fast-check's shrink path: with the same seed it replays exactly this counterexample)",
    ]);
  });

  it('a long counterexample is cut on its line with a marker; results.json keeps the whole value', async () => {
    const { renderJson } = await import('../../src/reporters/json.js');
    const big = { filters: Array.from({ length: 60 }, (_, i) => ({ status: `status-${i}`, wallet: `0x${String(i).padStart(40, '0')}` })) };
    const long = { ...failing, counterexample: big };
    const line = renderOutcomeBlock(long).split('\n').find((l) => l.startsWith('  Counterexample: '))!;
    expect(line.length).toBeLessThan(COUNTEREXAMPLE_CHARS + 120);
    expect(line).toMatch(/… \[\d+ more characters\] \(the whole value: counterexample in results\.json\)$/);
    const doc = JSON.parse(renderJson(runResult([long]))) as { outcomes: Array<{ counterexample: unknown }> };
    expect(doc.outcomes[0]!.counterexample).toEqual(big);
  });

  it('summary table: one row per family with the right counts, then a total row', () => {
    const text = renderConsole(mixed);
    const rows = text.split('\n').filter((l) => /^(currencies|requests-v3|requests-v2|total)/.test(l));
    const cells = Object.fromEntries(rows.map((r) => [r.split(/\s{2,}/)[0], r.split(/\s{2,}/).slice(1, 8).map(Number)]));
    // columns: pass fail warn known skip disabled error
    expect(cells['currencies.limit']).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(cells['currencies.filters']).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(cells['requests-v3.filters']).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(cells['requests-v3.records']).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(cells['requests-v3.auth']).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(cells['requests-v2.rate-limit']).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(cells.total).toEqual([2, 1, 1, 0, 1, 1, 1]);
  });

  it('summary table: requests per family, and the run total (with discovery) in the total row', () => {
    const r = runResult(
      [outcome({ id: 'fam-a.one', family: 'fam-a', status: 'pass', requests: 4 }), outcome({ id: 'fam-a.two', family: 'fam-a', status: 'pass', requests: 6 }), outcome({ id: 'fam-b.one', family: 'fam-b', status: 'fail', requests: 7 })],
      { requests: 30 },
    );
    const lines = renderConsole(r).split('\n');
    const header = lines[0].split(/\s{2,}/);
    const at = header.indexOf('requests');
    expect(header.slice(at)).toEqual(['requests', 'time']);
    const cell = (family: string) => lines.find((l) => l.startsWith(`${family} `))?.split(/\s{2,}/)[at];
    expect([cell('fam-a'), cell('fam-b'), cell('total')]).toEqual(['10', '7', '30']);
    expect(lines).toContain('Requests:  30 (17 by checks, 13 outside them: discovery, probes and reads shared by several checks)');
  });

  it('lists fail, warn and error blocks in run order, skips with reasons, never passes', () => {
    const text = renderConsole(mixed);
    const fail = text.indexOf(`✘ ${failing.id}`);
    const warn = text.indexOf(`⚠ ${warning.id}`);
    const err = text.indexOf(`‼ ${errored.id}`);
    expect(fail).toBeGreaterThan(0);
    expect(warn).toBeGreaterThan(fail);
    expect(err).toBeGreaterThan(warn);
    expect(text).toContain('  Error in the kit or the target: TypeError: boom\n      at run (checks/currencies.ts:10:5)');
    expect(text).toContain(`○ ${skipped.id}  needs --other-api-key`);
    expect(text).toContain(`– ${disabled.id}  turned off by --only`);
    expect(text).not.toContain(`✘ ${passing.id}`);
    expect(text).not.toContain(`✔ ${passing2.id}`);
  });

  it('ends with totals, requests, duration, seed and the exit status in words', () => {
    const lines = renderConsole(mixed).trimEnd().split('\n').slice(-8);
    expect(lines).toEqual([
      'Checks:    7 — 2 pass, 1 fail, 1 warn, 0 known, 1 skip, 1 disabled, 1 error',
      `Requests:  ${mixed.requests}`,
      'Duration:  12.3 s',
      'Seed:      1234',
      'Discovery: 3000 records, 40 currencies',
      'Target:    http://127.0.0.1:4010 (embedded reference server)',
      'Spec:      sha256:0123456789abcdef',
      'Result:    FAILED (exit 1): 1 check failed, 1 warning, 1 errored',
    ]);
  });

  it.each([
    [0, clean, 'PASSED (exit 0): no check failed, 1 skipped'],
    [1, strict, 'FAILED (exit 1): 1 warning counted as a failure under --strict'],
    [2, runResult([], { exitCode: 2 }), 'USAGE ERROR (exit 2): the configuration is invalid'],
    [3, runResult([errored], { exitCode: 3 }), 'INTERNAL ERROR (exit 3): the kit itself broke (1 check errored)'],
    [4, runResult([], { exitCode: 4 }), 'TARGET UNREACHABLE (exit 4): http://127.0.0.1:4010 did not answer'],
  ] as const)('exit %d in words', (_code, result, words) => {
    expect(renderConsole(result)).toContain(`Result:    ${words}\n`);
  });

  it('colours only when asked, and strips escapes that come from the target', () => {
    expect(renderConsole(mixed, { color: false })).not.toMatch(ANSI);
    expect(renderConsole(mixed, { color: true })).toMatch(ANSI);
    const text = renderConsole(hostile, { color: false });
    expect(text).not.toMatch(ANSI);
    expect(text).not.toContain('\u0001');
  });

  it('truncates long values and never shows a secret', () => {
    const text = renderConsole(hostile);
    expect(text).toContain('… [198000 more characters]');
    expect(text.length).toBeLessThan(20_000);
    expect(text).not.toContain(FAKE_KEY);
    expect(text).toContain("x-api-key: <redacted>'");
  });

  it('indents multi-line values under their label', () => {
    const o = outcome({ id: 'a.b', status: 'fail', violation: { message: 'm', expected: 'line1\nline2', received: 'r' } });
    expect(renderOutcomeBlock(o)).toContain('  Expected: line1\n    line2\n');
  });
});

describe('createProgressPrinter', () => {
  function run(events: RunEvent[], opts = {}): string {
    let out = '';
    const onEvent = createProgressPrinter((s) => {
      out += s;
    }, { familyWidth: 20, ...opts });
    events.forEach(onEvent);
    return out;
  }

  it('prints a line per family with a mark per check, then the family counts', () => {
    const a1 = outcome({ id: 'fam-a.one', status: 'pass', durationMs: 100 });
    const a2 = outcome({ id: 'fam-a.two', status: 'fail', durationMs: 50 });
    const b1 = outcome({ id: 'fam-b.one', status: 'skip', durationMs: 0 });
    const b2 = outcome({ id: 'fam-b.two', status: 'warn', durationMs: 1 });
    const b3 = outcome({ id: 'fam-b.three', status: 'error', durationMs: 2 });
    const b4 = outcome({ id: 'fam-b.four', status: 'disabled', durationMs: 0 });
    const all = [a1, a2, b1, b2, b3, b4];
    const result = runResult(all, { durationMs: 2000, requests: 18 });
    const events: RunEvent[] = [
      { type: 'run-start', total: 6, seed: 7, target: result.target, config: result.config },
      { type: 'discovery-start' },
      { type: 'discovery-end', records: 3000, complete: true, currencies: 40, window: { start: 0, end: 86_400 }, problems: ['GET /requests/v3 answered 401'], durationMs: 1234 },
    ];
    for (const fam of ['fam-a', 'fam-b']) {
      const members = all.filter((o) => o.family === fam);
      events.push({ type: 'family-start', family: fam, checks: members.length });
      for (const o of members) {
        events.push({ type: 'check-start', check: { id: o.id, family: o.family, title: o.title } }, { type: 'check-end', outcome: o });
      }
      events.push({ type: 'family-end', family: fam, outcomes: members });
    }
    events.push({ type: 'run-end', result });
    expect(run(events)).toBe(
      [
        'Running 6 checks against http://127.0.0.1:4010 (embedded reference server) (seed 7)',
        'discovery            3000 records, 40 currencies, window 1970-01-01T00:00:00Z – 1970-01-02T00:00:00Z (1.2 s)',
        '  ⚠ GET /requests/v3 answered 401',
        'fam-a                .✘  1 pass, 1 fail (150 ms)',
        'fam-b                s⚠E-  1 warn, 1 skip, 1 disabled, 1 error (3 ms)',
        'Done: 6 checks, 18 requests in 2.0 s',
        '',
      ].join('\n'),
    );
  });

  it('marks a family that comes back (final phase) as continued', () => {
    const a = outcome({ id: 'fam-a.one', status: 'pass', durationMs: 1 });
    const b = outcome({ id: 'fam-b.one', status: 'pass', durationMs: 1 });
    const a2 = outcome({ id: 'fam-a.schema', status: 'pass', durationMs: 1 });
    const out = run([a, b, a2].map((o): RunEvent => ({ type: 'check-end', outcome: o })));
    expect(out.split('\n').map((l) => l.split(/\s{2,}/)[0])).toEqual(['fam-a', 'fam-b', 'fam-a (cont.)']);
  });

  it('shows a family split by the final phase once, complete, when the engine says checks come later', () => {
    const a = outcome({ id: 'fam-a.one', status: 'pass', durationMs: 1 });
    const b = outcome({ id: 'fam-b.one', status: 'pass', durationMs: 1 });
    const a2 = outcome({ id: 'fam-a.schema', status: 'fail', durationMs: 1 });
    const stretch = (o: CheckOutcome, start: RunEvent): RunEvent[] => [start, { type: 'check-start', check: { id: o.id, family: o.family, title: o.title } }, { type: 'check-end', outcome: o }, { type: 'family-end', family: o.family, outcomes: [o] }];
    const out = run([
      ...stretch(a, { type: 'family-start', family: 'fam-a', checks: 2, later: 1 }),
      ...stretch(b, { type: 'family-start', family: 'fam-b', checks: 1 }),
      ...stretch(a2, { type: 'family-start', family: 'fam-a', checks: 2 }),
    ]);
    expect(out.split('\n').filter(Boolean).map((l) => l.split(/\s{2,}/).slice(0, 2).join(' | '))).toEqual(['fam-b | .', 'fam-a | .✘']);
  });

  it('copes with a check-end without its check-start, and with colour', () => {
    const o = outcome({ id: 'x.y', status: 'fail' });
    const out = run([{ type: 'check-end', outcome: o }, { type: 'run-end', result: runResult([o]) }], { color: true });
    expect(out).toMatch(/^x +\u001b\[31m✘\u001b\[0m {2}1 fail /);
  });
});
