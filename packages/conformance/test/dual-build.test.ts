/**
 * The CommonJS build of the recorder and matcher entries (jest in CommonJS mode, ts-jest and
 * babel-jest, requires them): `require` resolves each to dist/cjs, marked CommonJS, and loads it
 * with Node's require(esm) switched off, so no ES module is left anywhere in what it loads
 * (@crosschain/specs and @crosschain/types included). pnpm pack-install requires them from the
 * packed tarballs in a CommonJS project.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);
const ENTRIES = { recorder: 'recorder/index', 'recorder/jest': 'recorder/jest', matchers: 'matchers/index', 'matchers/jest': 'matchers/jest' } as const;

/** Runs CommonJS code in a fresh Node without require(esm): an ES module anywhere fails to load. */
function cjs(code: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--no-experimental-require-module', '-e', code], { cwd: fileURLToPath(new URL('..', dist)), encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('@crosschain/conformance recorder and matchers from CommonJS', () => {
  it('require resolves each entry to dist/cjs, marked CommonJS; import to dist', () => {
    for (const [entry, file] of Object.entries(ENTRIES)) {
      expect(require.resolve(`@crosschain/conformance/${entry}`)).toBe(fileURLToPath(new URL(`cjs/${file}.js`, dist)));
      expect(import.meta.resolve(`@crosschain/conformance/${entry}`)).toBe(new URL(`${file}.js`, dist).href);
    }
    expect(JSON.parse(readFileSync(new URL('cjs/package.json', dist), 'utf8'))).toEqual({ type: 'commonjs' });
  });

  it('each entry loads with require alone, the recorder exports its installer, the jest matcher extends the global expect and judges', () => {
    const r = cjs(`
      const recorder = require('@crosschain/conformance/recorder/jest');
      if (typeof recorder.installApiRecorder !== 'function') throw new Error('no installApiRecorder');
      if (typeof require('@crosschain/conformance/recorder').installWith !== 'function') throw new Error('no installWith');
      const extended = {};
      globalThis.expect = { extend: (m) => Object.assign(extended, m) };
      require('@crosschain/conformance/matchers/jest');
      const bad = extended.toSatisfyApiContract.call({ isNot: false }, { status: 'nope' }, 'GET /intents/status');
      const good = require('@crosschain/conformance/matchers').judgeApiContract({ status: 'waiting' }, 'GET /intents/status/v3');
      console.log(JSON.stringify({ bad: bad.pass, message: bad.message().split('\\n')[1], good: good.pass }));
    `);
    expect(r.status, r.out).toBe(0);
    expect(JSON.parse(r.out.trim().split('\n').at(-1)!)).toEqual({ bad: false, message: '✘ intents-status.response.schema (MUST)  at (the body)', good: true });
  });

  it('the jest matcher entry without a global expect says where to load it', () => {
    const r = cjs(`require('@crosschain/conformance/matchers/jest')`);
    expect(r.status).not.toBe(0);
    expect(r.out).toContain('no global expect to extend; load it from a jest setup file (setupFilesAfterEnv)');
  });
});
