/**
 * Judges the interactions of recordings with the passive oracles (oracles/auditor.ts, through its
 * public entry point), and names the interaction behind each violation. An interaction whose
 * request is partly a matcher ({@link Interaction.partial}) is judged by the response-schema
 * oracles only; one that cannot be judged at all is listed with the reason, in the console and in
 * the report's configuration (`config.notJudged`).
 */
import { openapi as specOpenapi } from '@crosschain/specs';
import type { CheckOutcome, RunResult } from '../contract/types.js';
import { validatorFor, type OpenApiDocument, type ResponseValidator } from '../contract/validator.js';
import { PassiveAuditor } from '../oracles/auditor.js';
import { operationOf, parseUrl } from '../oracles/observed.js';
import { ORACLES, type Oracle } from '../oracles/index.js';
import { BODY_ORIGIN } from './body.js';
import { UNSTATED_KEY, type Interaction } from './interaction.js';
import type { Recordings } from './index.js';
import type { OperationKey } from './wiremock.js';

/** Interactions named in a failing check's reason at most. */
const NAMES_IN_REASON = 5;
/** Interactions kept in `config.notJudged` at most (a browser's HAR holds many requests to other sites). */
const NOT_JUDGED_KEPT = 200;

export interface RecordingAudit {
  result: RunResult;
  notJudged: Array<{ interaction: string; why: string }>;
  partial: Array<{ interaction: string; why: string }>;
  /** Judged interactions whose request states no `x-api-key`, taken as sent with one. */
  keyAssumed: number;
}

/** The validator of the API document. */
export function apiValidator(): ResponseValidator {
  return validatorFor(specOpenapi as OpenApiDocument);
}

/** The API's operations as method and path (for WireMock URL patterns). */
export function apiOperations(validator: ResponseValidator = apiValidator()): OperationKey[] {
  return validator.operationKeys().map((k) => {
    const [method, path] = k.split(' ');
    return { method: method!, path: path! };
  });
}

const schemaOnly = (r: Oracle): boolean => (r.ids ?? [r.id]).every((id) => id.endsWith('.response.schema'));

/** Why an interaction with an exchange cannot be judged: its path is no operation of the API. */
function offApi(i: Interaction, validator: ResponseValidator): string | undefined {
  const e = i.exchange!;
  const url = parseUrl(e.url);
  if (!url) return `its URL ${JSON.stringify(e.url)} is not a URL`;
  return operationOf(validator, e.method, url.pathname).operation ? undefined : `${e.method} ${url.pathname} is not an operation of the API`;
}

/** A violation of a bare body (recordings/body.ts) has no request to reproduce with curl: none is shown. */
function withoutBodyCurl(o: CheckOutcome): CheckOutcome {
  const v = o.violation;
  if (!v?.curl || !v.request?.url.startsWith(`${BODY_ORIGIN}/`)) return o;
  return { ...o, violation: { ...v, curl: '' } };
}

function withNames(o: CheckOutcome, names: readonly string[] | undefined): CheckOutcome {
  if (!names || names.length === 0 || !o.violation) return o;
  const more = names.length > NAMES_IN_REASON ? ` and ${names.length - NAMES_IN_REASON} more` : '';
  return {
    ...o,
    violation: { ...o.violation, message: `${names[0]}: ${o.violation.message}` },
    reason: `${o.reason ?? ''}${o.reason ? '; ' : ''}in ${names.slice(0, NAMES_IN_REASON).join('; ')}${more}`,
  };
}

/** Judges `recordings`; `meta` as {@link PassiveAuditor.result} takes it. */
export function auditRecordings(recordings: Recordings, meta: { startedAt: Date; files: readonly string[]; fixtures?: readonly string[]; strict: boolean; acceptDivergences?: boolean; validator?: ResponseValidator }): RecordingAudit {
  const validator = meta.validator ?? apiValidator();
  let current: Interaction | undefined;
  const rules = ORACLES.map((r): Oracle => (schemaOnly(r) ? r : { ...r, applies: (s) => current?.partial === undefined && r.applies(s) }));
  const auditor = new PassiveAuditor({ rules, validator, acceptDivergences: meta.acceptDivergences === true });
  const notJudged: RecordingAudit['notJudged'] = [];
  const partial: RecordingAudit['partial'] = [];
  const names = new Map<string, string[]>();
  const origins = new Set<string>();
  let keyAssumed = 0;
  for (const i of recordings.interactions) {
    // A websocket conversation (an upgrade with its frames) is judged by the stream's oracles, not by an operation of the document.
    const why = i.unjudged ?? (i.exchange?.webSocket !== undefined ? undefined : offApi(i, validator));
    if (why !== undefined || !i.exchange) {
      notJudged.push({ interaction: i.name, why: why ?? 'no exchange' });
      continue;
    }
    if (i.partial !== undefined) partial.push({ interaction: i.name, why: i.partial });
    origins.add(parseUrl(i.exchange.url)?.origin ?? '?');
    // A fixture is a bare body: no request was recorded at all, so no key is said to be assumed.
    if (i.exchange.requestHeaders['x-api-key'] === UNSTATED_KEY && i.format !== 'fixture') keyAssumed += 1;
    current = i;
    for (const f of auditor.observe(i.exchange)) {
      const list = names.get(f.check) ?? [];
      if (list.at(-1) !== i.name) list.push(i.name);
      names.set(f.check, list);
    }
  }
  current = undefined;
  const files = recordings.files.map((f) => ({ file: f.file, format: f.label, interactions: f.interactions }));
  const result = auditor.result({
    startedAt: meta.startedAt,
    target: [...origins].join(', ') || '(no exchange)',
    config: {
      command: 'audit',
      files: [...meta.files],
      ...(meta.fixtures && meta.fixtures.length > 0 ? { fixtures: [...meta.fixtures] } : {}),
      strict: meta.strict,
      ...(meta.acceptDivergences ? { acceptDivergences: true } : {}),
      recordings: files,
      interactions: recordings.interactions.length,
      ...(partial.length > 0 ? { responseOnly: partial } : {}),
      ...(keyAssumed > 0 ? { keyAssumedSent: keyAssumed } : {}),
      ...(notJudged.length > 0 ? { notJudged: notJudged.slice(0, NOT_JUDGED_KEPT), ...(notJudged.length > NOT_JUDGED_KEPT ? { notJudgedMore: notJudged.length - NOT_JUDGED_KEPT } : {}) } : {}),
      ...(recordings.skipped.length > 0 ? { skippedFiles: recordings.skipped } : {}),
    },
    replay: `crosschain-conformance audit ${[...meta.files, ...(meta.fixtures ?? []).map((f) => `--fixtures '${f.replace(/'/g, `'\\''`)}'`)].join(' ')}${meta.acceptDivergences ? ' --accept-divergences' : ''}`,
    strict: meta.strict,
  });
  return { result: { ...result, outcomes: result.outcomes.map((o) => withoutBodyCurl(withNames(o, names.get(o.id)))) }, notJudged, partial, keyAssumed };
}

/**
 * The console lines that list the files skipped, the interactions not judged and those judged on
 * the response only (at most `max` each; results.json keeps them all).
 */
export function judgedNote(audit: RecordingAudit, recordings: Recordings, max = 10): string {
  const total = recordings.interactions.length;
  const lines: string[] = [];
  const list = (title: string, items: ReadonlyArray<{ name: string; why: string }>, where: string) => {
    if (items.length === 0) return;
    lines.push(title);
    for (const x of items.slice(0, max)) lines.push(`  - ${x.name}: ${x.why}`);
    if (items.length > max) lines.push(`  ... and ${items.length - max} more (results.json ${where})`);
  };
  const of = (n: number) => `${n} of ${total} interaction${total === 1 ? '' : 's'}`;
  list(`Skipped files (${recordings.skipped.length}):`, recordings.skipped.map((s) => ({ name: s.file, why: s.why })), 'config.skippedFiles');
  list(`Not judged (${of(audit.notJudged.length)}):`, audit.notJudged.map((x) => ({ name: x.interaction, why: x.why })), 'config.notJudged');
  list(`Judged on the response schema only, the request being a pattern (${of(audit.partial.length)}):`, audit.partial.map((x) => ({ name: x.interaction, why: x.why })), 'config.responseOnly');
  if (audit.keyAssumed > 0) lines.push(`${of(audit.keyAssumed)} state no x-api-key: judged as sent with a key (a stub matches with or without it; recorders filter it out).`);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
