/**
 * Shared helpers of the conformance benchmarks (not a benchmark itself: run-all.mjs runs only
 * bench/<area>/*.mjs). Loads the kit through its package name; the engine's validator and HTTP
 * client come from the package's exports when it has them, else from its built dist/ files.
 */
import { performance } from 'node:perf_hooks';

/** The kit's public API plus the engine pieces the micro-benchmarks drive directly. */
export async function loadKit() {
  let kit;
  try {
    kit = await import('@crosschain/conformance');
  } catch (err) {
    throw new Error(`cannot load @crosschain/conformance (${err.message}). Build it first: pnpm --filter @crosschain/conformance... build`);
  }
  const ResponseValidator =
    kit.ResponseValidator ?? (await import(new URL('../../../packages/conformance/dist/engine/validator.js', import.meta.url).href)).ResponseValidator;
  const FetchHttpClient =
    kit.FetchHttpClient ?? (await import(new URL('../../../packages/conformance/dist/engine/http.js', import.meta.url).href)).FetchHttpClient;
  const { openapi } = await import('@crosschain/specs');
  return { runConformance: kit.runConformance, ResponseValidator, FetchHttpClient, openapi };
}

/** A fixed clock for the reference server, so every benchmark run sees the same data. */
export const MOCK_NOW = '2026-11-21T12:00:00.000Z';

/**
 * One valid 50-record GET /requests/v3 page, fetched once from the reference server (3,000
 * records, seed 1) through its public API.
 */
export async function samplePage() {
  const { startMockServer } = await import('@crosschain/mock-server');
  const server = await startMockServer({ records: 3000, seed: 1, now: MOCK_NOW });
  try {
    const res = await fetch(`${server.url}/requests/v3?limit=50`, { headers: { 'x-api-key': 'demo-key' } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`reference server answered ${res.status} to GET /requests/v3?limit=50: ${body.slice(0, 200)}`);
    const json = JSON.parse(body);
    if (!Array.isArray(json.requests) || json.requests.length !== 50) {
      throw new Error(`expected 50 records, got ${Array.isArray(json.requests) ? json.requests.length : 'no requests array'}`);
    }
    return { body, json, contentType: res.headers.get('content-type') ?? 'application/json' };
  } finally {
    await server.close();
  }
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb() {
  return process.resourceUsage().maxRSS / 1024;
}

/** `value unit (target op limit) ok|MISSED`, one line. */
export function figure(label, value, unit, target) {
  const shown = typeof value === 'number' ? (value >= 100 ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 3)) : String(value);
  let verdict = '';
  if (target) {
    const ok = target.op === '<=' ? value <= target.limit : value >= target.limit;
    verdict = `  (target ${target.op} ${target.limit} ${unit}: ${ok ? 'ok' : 'MISSED'})`;
  }
  console.log(`  ${label.padEnd(40)} ${shown} ${unit}${verdict}`);
}

/** Percentile of a sorted array (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export { performance };
