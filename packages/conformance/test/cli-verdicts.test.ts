/**
 * The verdicts a deployment gate can trust, through the CLI against a reference server started at
 * a URL: no key and a refused key end with exit 2 naming the flag, never a
 * green PASSED; the printed replay line, run as printed (keys from their environment variables),
 * reproduces the failure.
 */
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';

const NOW = '2026-10-15T12:00:00Z';
const KEYS = { CONFORMANCE_API_KEY: 'demo-key', CONFORMANCE_OTHER_API_KEY: 'other-key' };
let clean: Awaited<ReturnType<typeof startMockServer>>;
let faulty: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  clean = await startMockServer({ port: 0, records: 300, seed: 4, now: NOW, quiet: true });
  faulty = await startMockServer({ port: 0, records: 300, seed: 4, now: NOW, quiet: true, faults: ['v3-groups-anded'] });
});
afterAll(async () => {
  await clean.close();
  await faulty.close();
});

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env, cwd: process.cwd(), color: false } };
}

const FAST = ['--max-rps', '1000', '--quiet'];

/** Splits a printed replay line into its environment assignments and the kit's argv. */
function parseReplay(line: string): { variables: string[]; argv: string[] } {
  const words = line.split(' ');
  const variables: string[] = [];
  while (words[0] && /^[A-Z_]+="\$[A-Z_]+"$/.test(words[0])) variables.push(words.shift()!.split('=')[0]!);
  // Run inside this pnpm workspace, the line runs the kit as the user can here.
  expect(words.splice(0, 3)).toEqual(['pnpm', 'exec', 'crosschain-conformance']);
  return { variables, argv: words };
}

describe('against a URL', () => {
  it('no key: INCOMPLETE, exit 2, naming --api-key; never PASSED', async () => {
    const t = io();
    const code = await main(['--base-url', clean.url, '--only', 'requests-v3.limit,currencies-v2.limit', '--seed', '3', ...FAST], t.io);
    const text = t.out.join('');
    expect(code).toBe(2);
    expect(text).toMatch(/Result: +INCOMPLETE \(exit 2\): 1 MUST check could not run; add --api-key \(or deselect it with --only\/--disable, or accept it with --allow-incomplete\)/);
    expect(text).not.toMatch(/PASSED/);
  });

  it('a refused key: KEY REFUSED, exit 2, naming --api-key; no check fails because of it', async () => {
    const t = io({ CONFORMANCE_API_KEY: 'SECRET-not-a-key' });
    const code = await main(['--base-url', clean.url, '--only', 'requests-v3.limit,currencies-v2.limit', '--seed', '3', '--format', 'json', ...FAST], t.io);
    const doc = JSON.parse(t.out.join('')) as { verdict: string; outcomes: Array<{ status: string }>; completeness: unknown };
    expect(code).toBe(2);
    expect(doc.verdict).toBe('KEY REFUSED');
    expect(doc.completeness).toEqual({ keyRefused: [{ flag: '--api-key', status: 401 }] });
    expect(doc.outcomes.filter((o) => o.status === 'fail')).toEqual([]);
    expect(t.out.join('') + t.err.join('')).not.toContain('SECRET-not-a-key');
  });

  it('the printed replay line, run as printed with the keys in their variables, reproduces the failure', async () => {
    const t = io(KEYS);
    const code = await main(['--base-url', faulty.url, '--only', 'requests-v3.filters', '--seed', '11', '--num-runs', '4', '--format', 'json', ...FAST], t.io);
    expect(code).toBe(1);
    const doc = JSON.parse(t.out.join('')) as { outcomes: Array<{ id: string; status: string; replay: string; violation?: { message: string } }> };
    const failed = doc.outcomes.find((o) => o.id === 'requests-v3.filters.or-across-groups')!;
    expect(failed.status).toBe('fail');
    expect(failed.replay).not.toContain('demo-key');
    const { variables, argv } = parseReplay(failed.replay);
    expect(variables).toEqual(['CONFORMANCE_API_KEY', 'CONFORMANCE_OTHER_API_KEY']);
    expect(argv).toEqual(expect.arrayContaining(['--seed', '11', '--only', 'requests-v3.filters.or-across-groups', '--num-runs', '4', '--base-url', faulty.url, '--window']));

    const env = Object.fromEntries(variables.map((v) => [v, KEYS[v as keyof typeof KEYS]]));
    const again = io(env);
    expect(await main([...argv, '--format', 'json', ...FAST], again.io)).toBe(1);
    const replayed = JSON.parse(again.out.join('')) as typeof doc;
    expect(replayed.outcomes).toHaveLength(1);
    expect(replayed.outcomes[0]).toMatchObject({ id: failed.id, status: 'fail', violation: { message: failed.violation!.message } });
  });
});
