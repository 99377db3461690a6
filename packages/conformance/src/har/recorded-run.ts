/**
 * The description of a run that the kit writes into its own recording (`--record`), as the HAR
 * log's `_conformanceRun`: the seed, the options that decide what the checks send, and the target
 * (how it was reached, its base URL, which keys the run had, by role, and the clock-pinned twins it
 * used). With it, `audit` runs the checks again against the recording alone (rejudge/) and judges
 * the relations between exchanges that no single exchange shows. No key is ever in it: keys are
 * named by role only.
 */
import type { ConformanceConfig } from '../config/fields.js';
import type { TargetDate } from '../contract/types.js';
import { RECORDED_RUN_FIELD } from './har.js';

/** The owner recorded for the requests the events probe sent (no check's own). */
export const EVENTS_PROBE_OWNER = '(events probe)';

/** Version of {@link RecordedRun}; a recording of another version is audited without re-judging. */
export const RECORDED_RUN_VERSION = 1;

/** A key of the run, by role (the key itself is never recorded). */
export type KeyRole = 'primary' | 'other' | 'inactive';

/** How the recorded run reached its target. */
export type TargetMode = 'embedded' | 'in-process' | 'url';

/** A date of the v2 timeline as the run's target answered it (`CheckContext.at`). */
export interface RecordedDate {
  /** The twin's base URL; absent when the run's own server was at that date. */
  base?: string;
  now: string;
  what: string;
  /** The clock each check was given, in the order it asked (the server's clock runs on during a run). */
  byCheck?: Record<string, string[]>;
}

export interface RecordedRun {
  version: number;
  /** The kit's version that recorded the run. */
  kit: string;
  seed: number;
  /** The options of {@link REPLAYED_OPTIONS} in effect (defaults resolved). */
  options: Record<string, unknown>;
  /**
   * The events probe's observations (the websocket session, the webhook deliveries), redacted:
   * checks that read them are re-run on what the run saw, a HAR holding no websocket frame.
   */
  events?: { websocket?: unknown; webhooks?: unknown };
  /**
   * The operations the run stopped sending (their requests timed out: `http.stalled`): a re-run's
   * request of one of them that the recording lacks is refused as the run refused it.
   */
  stalled?: Array<{ operation: string; cause: string }>;
  target: {
    mode: TargetMode;
    baseUrl: string;
    keys: KeyRole[];
    dated?: Partial<Record<TargetDate, RecordedDate>>;
    /** The ids of the requests each check made the embedded target take (`ctx.arrive`), in the order it asked. */
    arrivals?: Record<string, string[][]>;
    /** The status each `ctx.advance` call of each check gave (null: the request did not move), in the order it asked. */
    advances?: Record<string, Array<string | null>>;
  };
}

/**
 * The options a re-run needs to send what the run sent: the selection, the seed's use, the
 * bounds, the v2 probe's size and the embedded server's settings. Keys, headers, files and
 * output options are not recorded.
 */
export const REPLAYED_OPTIONS = [
  'seed',
  'numRuns',
  'only',
  'skip',
  'disable',
  'maxFailures',
  'shard',
  'strict',
  'allowIncomplete',
  'certify',
  'require',
  'window',
  'maxRps',
  'workers',
  'timeoutMs',
  'maxRequests',
  'maxBodyBytes',
  'v2ProbeRequests',
  'mockV2RateLimit',
  'mockRecords',
  'mockNow',
  'mockSeed',
  'mockFaults',
  'mockVariants',
  'eventsWaitMs',
  'events',
] as const satisfies ReadonlyArray<keyof ConformanceConfig>;

/** The recorded options of a configuration (undefined ones left out). */
export function replayedOptions(config: ConformanceConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of REPLAYED_OPTIONS) if (config[key] !== undefined) out[key] = config[key];
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ROLES: readonly string[] = ['primary', 'other', 'inactive'];
const MODES: readonly string[] = ['embedded', 'in-process', 'url'];

/** Whether a parsed HAR document carries a run description (of any version). */
export function describesRun(doc: unknown): boolean {
  return isObject(doc) && isObject(doc.log) && doc.log[RECORDED_RUN_FIELD] !== undefined;
}

/**
 * The run a parsed HAR document describes: its {@link RecordedRun}, or why there is none (a
 * recording not made by the kit, or by a kit that wrote another version).
 */
export function recordedRunOf(doc: unknown): { run: RecordedRun } | { why: string } {
  const log = isObject(doc) ? doc.log : undefined;
  const run = isObject(log) ? log[RECORDED_RUN_FIELD] : undefined;
  if (run === undefined) return { why: 'not a recording of the kit (no run description in it)' };
  if (!isObject(run) || run.version !== RECORDED_RUN_VERSION) return { why: `its run description is of another version than ${RECORDED_RUN_VERSION} (a recording of another kit version)` };
  const target = run.target;
  const valid =
    typeof run.seed === 'number' &&
    isObject(run.options) &&
    isObject(target) &&
    typeof target.mode === 'string' &&
    MODES.includes(target.mode) &&
    typeof target.baseUrl === 'string' &&
    Array.isArray(target.keys) &&
    target.keys.every((k) => typeof k === 'string' && ROLES.includes(k)) &&
    (target.dated === undefined || isObject(target.dated)) &&
    (target.arrivals === undefined || (isObject(target.arrivals) && Object.values(target.arrivals).every((lists) => Array.isArray(lists) && lists.every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'))))) &&
    (target.advances === undefined || (isObject(target.advances) && Object.values(target.advances).every((list) => Array.isArray(list) && list.every((s) => s === null || typeof s === 'string')))) &&
    (run.stalled === undefined || (Array.isArray(run.stalled) && run.stalled.every((x) => isObject(x) && typeof x.operation === 'string' && typeof x.cause === 'string')));
  if (!valid) return { why: 'its run description is malformed (seed, options, target)' };
  return { run: run as unknown as RecordedRun };
}

/** One entry of the kit's recording, as a re-run matches and answers requests with it. */
export interface RecordedEntry {
  seq: number;
  /** The check that sent it; absent for discovery and reads shared between checks. */
  check?: string;
  /** The key it was sent with, by role (`primary`, `other`, `inactive`, `none`, `given`). */
  auth: string;
  method: string;
  /** As recorded: keys redacted. */
  url: string;
  body?: string;
  /** 0: no answer (`error` says why). */
  status: number;
  headers: Record<string, string>;
  text: string;
  error?: string;
}

/** The kit's recording: the run it describes and its entries in the order their requests were issued. */
export interface KitRecording {
  run: RecordedRun;
  entries: RecordedEntry[];
}

function headerRecord(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const h of list) if (isObject(h) && typeof h.name === 'string' && typeof h.value === 'string') out[h.name.toLowerCase()] = h.value;
  return out;
}

/**
 * The kit's recording in a parsed HAR document, or why it is none: the run description, and every
 * entry with the check that sent it and its key's role (entries without them are not the kit's).
 */
export function kitRecordingOf(doc: unknown): KitRecording | { why: string } {
  const described = recordedRunOf(doc);
  if ('why' in described) return described;
  const log = (doc as { log: Record<string, unknown> }).log;
  const raw = Array.isArray(log.entries) ? log.entries : [];
  const entries: RecordedEntry[] = [];
  for (const [i, e] of raw.entries()) {
    // A websocket conversation (the upgrade entry with its frames) is no request of the run's HTTP
    // client: the re-run reads the stream from the run's description (its events probe), and audit
    // judges the frames themselves.
    if (isObject(e) && e._resourceType === 'websocket') continue;
    const request = isObject(e) && isObject(e.request) ? e.request : undefined;
    const response = isObject(e) && isObject(e.response) ? e.response : undefined;
    if (!request || !response || typeof request.method !== 'string' || typeof request.url !== 'string' || typeof response.status !== 'number' || typeof e._auth !== 'string') {
      return { why: `its entry ${i + 1} lacks what the kit records (request, response, _auth)` };
    }
    const content = isObject(response.content) ? response.content : undefined;
    const text = typeof content?.text === 'string' ? (content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text) : '';
    const post = isObject(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : undefined;
    entries.push({
      seq: typeof e._seq === 'number' ? e._seq : i,
      ...(typeof e._check === 'string' ? { check: e._check } : {}),
      auth: e._auth,
      method: request.method.toUpperCase(),
      url: request.url,
      ...(post !== undefined ? { body: post } : {}),
      status: response.status,
      headers: headerRecord(response.headers),
      text,
      ...(typeof response._error === 'string' ? { error: response._error } : {}),
    });
  }
  entries.sort((a, b) => a.seq - b.seq);
  return { run: described.run, entries };
}
