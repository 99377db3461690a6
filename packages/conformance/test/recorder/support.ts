/**
 * What the recorder's tests share: the code under test (a client of the API that calls `fetch`),
 * a conformant and a broken status body (specs/examples), and the verdicts of a recorder read two
 * ways — judged at the end of the run, and written as HAR then read back by `audit`.
 */
import { expect } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiRecorder } from '../../src/recorder/index.js';
import { apiOperations, auditRecordings } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';

const EXAMPLES = fileURLToPath(new URL('../../../../specs/examples/intent-status/', import.meta.url));
/** A conformant GET /intents/status body. */
export const GOOD = JSON.parse(readFileSync(join(EXAMPLES, 'valid-success.json'), 'utf8')) as Record<string, unknown>;
/** The same with `status: "refund"`, outside the enum (`refunded` is the document's word). */
export const BROKEN = JSON.parse(readFileSync(join(EXAMPLES, 'invalid-status-refund.json'), 'utf8')) as Record<string, unknown>;
/** The check the broken body fails. */
export const CHECK = 'intents-status.response.schema';
export const BASE = 'https://api.relay.link';
/** The clock exchanges are dated by (inside the v2 window; the kit judges each exchange by its date). */
export const NOW = () => Date.parse('2026-10-01T00:00:00Z');

/** The integrator's code under test: reads a request's status with `fetch`. */
export async function getStatus(requestId: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${BASE}/intents/status?requestId=${encodeURIComponent(requestId)}`, { headers });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

/** The status of each check the recorder's exchanges were judged by, and the exchanges recorded. */
export async function verdicts(recorder: ApiRecorder): Promise<{ outcomes: Record<string, string>; judged: number; failure?: string }> {
  const audit = await recorder.audit();
  const failure = await recorder.failure();
  const outcomes = Object.fromEntries(audit.result.outcomes.filter((o) => o.status !== 'skip').map((o) => [o.id, o.status]));
  return { outcomes, judged: audit.result.requests, ...(failure ? { failure: failure.message } : {}) };
}

/** The same, from the HAR the recorder writes, read back as `audit` reads it. */
export async function harVerdicts(recorder: ApiRecorder): Promise<{ outcomes: Record<string, string>; judged: number; text: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-har-'));
  const file = join(dir, 'run.har');
  await recorder.writeHar(file);
  const recordings = await readRecordings([file], dir, apiOperations());
  const audit = auditRecordings(recordings, { startedAt: new Date(NOW()), files: [file], strict: false });
  const outcomes = Object.fromEntries(audit.result.outcomes.filter((o) => o.status !== 'skip').map((o) => [o.id, o.status]));
  return { outcomes, judged: audit.result.requests, text: readFileSync(file, 'utf8') };
}

/** Two conformant exchanges recorded: judged at the end of the file without a failure, both counted, the check passing, and its HAR giving the same verdicts. */
export async function expectBothPass(recorder: ApiRecorder): Promise<void> {
  const v = await verdicts(recorder);
  expect(v.failure).toBeUndefined();
  expect(v.judged).toBe(2);
  expect(v.outcomes[CHECK]).toBe('pass');
  expect((await harVerdicts(recorder)).outcomes).toEqual(v.outcomes);
}
