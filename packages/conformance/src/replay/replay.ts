/**
 * Replay of a run's failures: for each failed check of a results.json, the
 * recorded request (redacted; the key comes back from --api-key / CONFORMANCE_API_KEY) is sent
 * again exactly, to the recorded target or to --base-url. Verdict per failure:
 * - the answer is the recorded one (status, headers but the volatile ones, body): `still failing`,
 *   whatever the live data do;
 * - the answer changed: the check is run again alone with the recorded seed against the current
 *   server, and its outcome decides (`fixed` when it passes, `still failing` otherwise).
 */
import { REDACTED } from '../contract/redact.js';
import { FetchHttpClient } from '../engine/http.js';
import type { FetchLike } from '../engine/http.js';
import { createAgentFetch } from '../engine/agent-fetch.js';
import { runConformance } from '../run/runner.js';
import type { CheckOutcome, Exchange, RunResult } from '../contract/types.js';
import { startEmbeddedTarget } from '../target/embedded.js';
import type { EmbeddedTarget } from '../target/embedded.js';

/** The verdict of one replayed failure. */
export interface ReplayVerdict {
  id: string;
  status: 'still failing' | 'fixed' | 'not replayable';
  /** Why, in one sentence. */
  detail: string;
  /** The answer to the recorded request now (status), when one came. */
  nowStatus?: number;
}

export interface ReplayOptions {
  /** Where to send the requests instead of the recorded target. */
  baseUrl?: string;
  apiKey?: string;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** An in-process fetch (tests); default keep-alive node:http. */
  fetch?: FetchLike;
}

/** The outcomes a replay looks at: failures, warnings and known failures. */
export function replayable(result: Pick<RunResult, 'outcomes'>): CheckOutcome[] {
  return result.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn' || o.status === 'known');
}

/** Whether a recorded request carried a key (redacted in results.json). */
export function needsKey(outcome: CheckOutcome): boolean {
  return Object.values(outcome.violation?.request?.headers ?? {}).some((v) => v.includes(REDACTED));
}

/**
 * Headers that change from one answer to the next whatever the server's conformance (clocks,
 * counters, ids, framing): left out when comparing answers.
 */
const VOLATILE_HEADER = /^(date|age|expires|last-modified|etag|content-length|connection|keep-alive|transfer-encoding|vary|set-cookie|server-timing|retry-after|x-request-id|request-id|x-correlation-id|traceparent|cf-ray|x-amz[\w-]*|(x-)?ratelimit[\w-]*)$/i;

function stableHeaders(headers: Readonly<Record<string, string>>): string {
  return JSON.stringify(
    Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), v] as const)
      .filter(([k]) => !VOLATILE_HEADER.test(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * Whether the recorded request gets the recorded answer: status, headers (but the volatile ones)
 * and body: a fix that only adds headers (the deprecation headers on the 410 of a retired
 * v2) keeps status and body; comparing those alone said "still failing" though the check passed.
 */
function sameAnswer(outcome: CheckOutcome, now: Exchange): boolean {
  const before = outcome.violation?.response;
  const after = now.response;
  if (!before || !after || before.status !== after.status) return false;
  if (stableHeaders(before.headers) !== stableHeaders(after.headers)) return false;
  const cut = before.body.endsWith('…') ? before.body.slice(0, -1) : undefined;
  return cut !== undefined ? after.bodyText.startsWith(cut) : after.bodyText === before.body;
}

/** The path (with query) of a recorded URL relative to the recorded base URL. */
function relativePath(url: string, recordedBase: string): string {
  const u = new URL(url);
  const basePath = new URL(recordedBase).pathname.replace(/\/+$/, '');
  const path = basePath && u.pathname.startsWith(basePath) ? u.pathname.slice(basePath.length) : u.pathname;
  return `${path || '/'}${u.search}`;
}

const KIT_HEADERS = new Set(['accept', 'content-type', 'x-api-key']);

/** Replays the failures of a run (all, or those of `only`); never throws for target problems. */
export async function replayFailures(result: RunResult, outcomes: readonly CheckOutcome[], options: ReplayOptions): Promise<ReplayVerdict[]> {
  let target: EmbeddedTarget | undefined;
  const mock = result.config as { mockRecords?: number; mockSeed?: number; mockNow?: string; mockFaults?: string[]; mockV2RateLimit?: number; numRuns?: number };
  if (options.baseUrl === undefined && result.target.embedded) {
    target = await startEmbeddedTarget({ records: mock.mockRecords ?? 3000, seed: mock.mockSeed ?? 1, now: mock.mockNow, faults: mock.mockFaults ?? [], v2RateLimit: mock.mockV2RateLimit });
  }
  const baseUrl = options.baseUrl ?? target?.baseUrl ?? result.target.baseUrl;
  const apiKey = options.apiKey ?? target?.apiKey;
  const agent = options.fetch ? undefined : createAgentFetch();
  try {
    const http = new FetchHttpClient({ baseUrl, fetch: options.fetch ?? agent!, apiKey, secrets: apiKey ? [apiKey] : [], timeoutMs: options.timeoutMs ?? 10_000, maxRequests: 10_000, retry: { maxRetries: 0 } });
    const verdicts: ReplayVerdict[] = [];
    for (const outcome of outcomes) {
      const req = outcome.violation?.request;
      if (!req) {
        verdicts.push({ id: outcome.id, status: 'not replayable', detail: 'results.json holds no request for this failure' });
        continue;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !KIT_HEADERS.has(k.toLowerCase())));
      let now: Exchange;
      try {
        now = await http.send({ method: req.method as 'GET' | 'POST', path: relativePath(req.url, result.target.baseUrl), headers, body: req.body, auth: needsKey(outcome) ? 'primary' : 'none', acceptRateLimit: true });
      } catch (err) {
        verdicts.push({ id: outcome.id, status: 'still failing', detail: `the recorded request got no answer: ${err instanceof Error ? err.message : String(err)}` });
        continue;
      }
      if (sameAnswer(outcome, now)) {
        verdicts.push({ id: outcome.id, status: 'still failing', detail: `the recorded request gets the same answer (${now.response!.status})`, nowStatus: now.response!.status });
        continue;
      }
      // A run of the embedded server runs the check on an embedded server again, with the recorded
      // options, so that a check the kit runs at another date (the v2 family, target/embedded.ts)
      // meets the same clock; any other run, against the base URL.
      const again = await runConformance({
        ...(target
          ? { mockRecords: mock.mockRecords ?? 3000, mockSeed: mock.mockSeed ?? 1, mockFaults: mock.mockFaults ?? [], ...(mock.mockNow ? { mockNow: mock.mockNow } : {}), ...(mock.mockV2RateLimit !== undefined ? { mockV2RateLimit: mock.mockV2RateLimit } : {}) }
          : { baseUrl, ...(apiKey ? { apiKey } : {}) }),
        only: [outcome.id],
        // A passive run's results.json has no seed (nothing was drawn): the check then draws afresh.
        ...(typeof outcome.seed === 'number' ? { seed: outcome.seed } : {}),
        ...(mock.numRuns !== undefined ? { numRuns: mock.numRuns } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      const o = again.outcomes.find((x) => x.id === outcome.id);
      const nowStatus = now.response?.status;
      if (o?.status === 'pass') verdicts.push({ id: outcome.id, status: 'fixed', detail: `the recorded request now gets another answer (${nowStatus}) and the check passes${typeof outcome.seed === 'number' ? ` (seed ${outcome.seed})` : ''}`, ...(nowStatus !== undefined ? { nowStatus } : {}) });
      else verdicts.push({ id: outcome.id, status: 'still failing', detail: `the check ${o?.status ?? 'did not run'} again: ${o?.violation?.message ?? o?.reason ?? ''}`.trim(), ...(nowStatus !== undefined ? { nowStatus } : {}) });
    }
    return verdicts;
  } finally {
    agent?.close();
    await target?.close();
  }
}
