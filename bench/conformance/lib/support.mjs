/**
 * Shared helpers of the conformance benchmarks (not a benchmark itself: run-all.mjs runs only
 * bench/<area>/*.mjs). Loads the kit through its package name and its exports only.
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
  for (const name of ['runConformance', 'ResponseValidator', 'FetchHttpClient', 'createAgentFetch']) {
    if (typeof kit[name] !== 'function') throw new Error(`@crosschain/conformance does not export ${name}: rebuild it (pnpm --filter @crosschain/conformance... build)`);
  }
  const { openapi } = await import('@crosschain/specs');
  const { runConformance, ResponseValidator, FetchHttpClient, createAgentFetch } = kit;
  return { runConformance, ResponseValidator, FetchHttpClient, createAgentFetch, openapi };
}

/** A fixed clock for the reference server, so every benchmark run sees the same data. */
export const MOCK_NOW = '2026-11-21T12:00:00.000Z';

/**
 * One valid 50-record GET /requests/v3 page, fetched once from the reference server (3,000
 * records, seed 1) through its public API.
 */
export async function samplePage() {
  return (await sampleResponses()).page;
}

/**
 * Real, valid bodies from the reference server (3,000 records, seed 1, fixed clock), fetched once
 * through its public API: `page` a 50-record GET /requests/v3 page, `currencies` the default
 * POST /currencies/v2 answer (20 currencies), `intentStatus` the GET /intents/status record of the
 * page's first request.
 */
export async function sampleResponses() {
  const { startMockServer } = await import('@crosschain/mock-server');
  const server = await startMockServer({ records: 3000, seed: 1, now: MOCK_NOW, quiet: true });
  const get = async (path, init = {}) => {
    const res = await fetch(`${server.url}${path}`, { ...init, headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`reference server answered ${res.status} to ${path}: ${body.slice(0, 200)}`);
    return { body, json: JSON.parse(body), contentType: res.headers.get('content-type') ?? 'application/json' };
  };
  try {
    const page = await get('/requests/v3?limit=50');
    if (!Array.isArray(page.json.requests) || page.json.requests.length !== 50) {
      throw new Error(`expected 50 records, got ${Array.isArray(page.json.requests) ? page.json.requests.length : 'no requests array'}`);
    }
    const currencies = await get('/currencies/v2', { method: 'POST', body: '{}' });
    if (!Array.isArray(currencies.json) || currencies.json.length !== 20) throw new Error(`expected 20 currencies by default, got ${currencies.json.length}`);
    const intentStatus = await get(`/intents/status?requestId=${encodeURIComponent(page.json.requests[0].id)}`);
    return { page, currencies, intentStatus };
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
