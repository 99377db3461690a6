/**
 * The hostile-target battery: the real CLI entry (`main`) against one loopback
 * server per misbehaviour (test/support/hostile-targets.mjs). Each run must end within its bound,
 * with its exit code and a named cause, no stack trace anywhere, and neither the key nor the `-H`
 * value in any output (stdout, stderr, every report file) in any encoding. Peak RSS is measured by
 * bench/conformance/hostile.mjs, a child process per scenario.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { leaksIn } from '../support/key-encodings.mjs';
import { GATEWAY_TOKEN, KEY, SCENARIOS, batteryArgs } from '../support/hostile-targets.mjs';

const root = mkdtempSync(join(tmpdir(), 'conformance-hostile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A line of a JS stack trace. */
const STACK_LINE = /^\s+at .+(\(|\s)\S+:\d+:\d+\)?$/m;

interface Scenario {
  name: string;
  exit: number | number[];
  cause: RegExp;
  seconds: number;
  args?: string[];
  forbid?: RegExp;
  start(): Promise<{ url: string; close(): Promise<void>; leakedTo?: () => number }>;
}

describe('hostile targets: bounded, named, the right exit code, no stack trace, the key nowhere', () => {
  it.each((SCENARIOS as Scenario[]).map((s) => [s.name, s] as const))('%s', async (name, scenario) => {
    const target = await scenario.start();
    const reportDir = join(root, name.replace(/[^a-z0-9]+/gi, '-'));
    let out = '';
    let err = '';
    const t0 = Date.now();
    let code: number;
    try {
      code = await main([...batteryArgs(target.url), ...(scenario.args ?? []), '--report-dir', reportDir], {
        stdout: (t) => void (out += t),
        stderr: (t) => void (err += t),
        env: {},
        cwd: root,
        color: false,
      });
    } finally {
      await target.close();
    }
    const seconds = (Date.now() - t0) / 1000;
    const reports = readdirSync(reportDir).map((f) => readFileSync(join(reportDir, f), 'utf8'));
    const everything = [out, err, ...reports].join('\n');

    expect(seconds, `${name} took ${seconds} s`).toBeLessThan(scenario.seconds);
    expect([scenario.exit].flat(), `exit ${code}\n${out.slice(-1500)}\n${err.slice(-1500)}`).toContain(code);
    expect(everything).toMatch(scenario.cause);
    expect(everything).not.toMatch(STACK_LINE);
    expect(reports.length).toBe(4);
    expect(leaksIn(everything, [KEY, GATEWAY_TOKEN])).toEqual([]);
    if (scenario.forbid) expect(everything).not.toMatch(scenario.forbid);
    if (target.leakedTo) expect(target.leakedTo()).toBe(0);
  }, 150_000);
});
