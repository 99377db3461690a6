/**
 * A bare response body judged against the contract: `expect(body).toSatisfyApiContract('GET
 * /intents/status/v3', { status, headers })` in vitest and jest (matchers/vitest.ts,
 * matchers/jest.ts), by the passive oracles at the levels `audit` uses (recordings/audit.ts). A MUST
 * violation fails; a SHOULD one fails with `strict` and is otherwise written with `console.warn`
 * (never silent). The message names the check, the field path, what was expected and received.
 */
import type { CheckOutcome, Level } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';
import { apiValidator, auditRecordings } from '../recordings/audit.js';
import { bodyInteraction, bodyTextOf, parseOperation, type BodyResponse } from '../recordings/body.js';
import { RecordingError } from '../recordings/interaction.js';

/** The options of {@link judgeApiContract} and the matchers. */
export interface ApiContractOptions extends BodyResponse {
  /** SHOULD violations fail too (as `audit --strict`); default: they are warned about and pass. */
  strict?: boolean;
  /** Catalogued divergences of the live service pass, labelled (as `audit --accept-divergences`). */
  acceptDivergences?: boolean;
  /** Where SHOULD violations go when they do not fail (default `console.warn`). */
  warn?: (message: string) => void;
}

/** One broken check of a body. */
export interface ContractViolation {
  /** The check id, e.g. `intents-status-v3.response.schema`. */
  check: string;
  level: Level;
  /** The JSON pointer of the field in the body (`/txHashes/0`), `(the body)` for the whole body, `(the response)` for a header. */
  path: string;
  message: string;
  expected: string;
  received: string;
  /** The catalogued divergence of the live service this is an instance of, if any. */
  divergence?: string;
}

/** The verdict on one body. */
export interface ApiContractVerdict {
  /** False when a violation fails (a MUST one, or a SHOULD one with `strict`). */
  pass: boolean;
  operation: string;
  /** The violations that fail. */
  failures: ContractViolation[];
  /** The SHOULD violations that do not fail (no `strict`), and divergences accepted. */
  warnings: ContractViolation[];
  /** The checks that judged the body. */
  judgedBy: string[];
}

let validatorOnce: ResponseValidator | undefined;
const validator = (): ResponseValidator => (validatorOnce ??= apiValidator());

/** The value at a JSON pointer of `doc`, or undefined. */
function at(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let cur: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function short(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The violation of an outcome, its path made concrete (the schema error's own instance path, its value shown). */
function violationOf(o: CheckOutcome, name: string, json: unknown): ContractViolation {
  const v = o.violation!;
  const message = v.message.startsWith(`${name}: `) ? v.message.slice(name.length + 2) : v.message;
  // A schema error reads `/txHashes/0 must be string {...}`: its instance path names the field.
  // (ajv's root is `/` there.)
  const instance = /^(\/\S*) /.exec(v.received);
  const pointer = instance ? (instance[1] === '/' ? '' : instance[1]!) : undefined;
  const value = pointer && json !== undefined ? at(json, pointer) : undefined;
  const received = value !== undefined ? `${short(value)} (${v.received})` : v.received;
  const path = pointer === undefined ? (v.where ?? '(the response)') : pointer === '' ? '(the body)' : pointer;
  return { check: o.id, level: o.level, path, message, expected: v.expected, received, ...(v.divergence ? { divergence: v.divergence } : {}) };
}

/**
 * Judges `body` as the response of `operation` (`'GET /intents/status/v3'`, a query allowed:
 * `'GET /requests/v3?sortBy=updatedAt'`). A string body is the raw response text; anything else is
 * served as its JSON. Throws a {@link RecordingError} for an operation the API does not have, a
 * body JSON cannot write, or an operation no oracle of the kit judges (a body nothing judges would
 * pass without a word).
 */
export function judgeApiContract(body: unknown, operation: string, options: ApiContractOptions = {}): ApiContractVerdict {
  const op = parseOperation(operation, validator());
  const name = `${op.method} ${op.path}${op.search}`;
  const text = bodyTextOf(body);
  const interaction = bodyInteraction(name, text, op, options);
  const audit = auditRecordings(
    { files: [], interactions: [interaction], skipped: [] },
    { startedAt: new Date(0), files: [], strict: options.strict === true, acceptDivergences: options.acceptDivergences === true, validator: validator() },
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const judged = audit.result.outcomes.filter((o) => o.status !== 'skip' && o.status !== 'disabled');
  if (judged.length === 0) {
    const judging = [...new Set(audit.result.outcomes.map((o) => o.operation.replace(/ \(final\)$/, '')))].filter((x) => x.includes(' /')).sort().join(', ');
    throw new RecordingError(`no check of the kit judges a ${interaction.exchange!.status} of ${op.operation}, so the body cannot be told right or wrong; the checks judge ${judging}`);
  }
  const failures = judged.filter((o) => o.status === 'fail' || o.status === 'error').filter((o) => o.violation).map((o) => violationOf(o, name, json));
  const warnings = judged.filter((o) => (o.status === 'warn' || o.status === 'known') && o.violation).map((o) => violationOf(o, name, json));
  return { pass: failures.length === 0, operation: op.operation, failures, warnings, judgedBy: judged.map((o) => o.id) };
}

/** The lines of one violation in a message. */
export function violationLines(v: ContractViolation): string {
  return [
    `✘ ${v.check} (${v.level})  at ${v.path}`,
    `  ${v.message}`,
    `  Expected: ${v.expected}`,
    `  Received: ${v.received}`,
    ...(v.divergence ? [`  Divergence: ${v.divergence} (a catalogued divergence of the live service)`] : []),
  ].join('\n');
}

/** The text of a verdict: what failed, then what is only warned about. */
export function verdictMessage(verdict: ApiContractVerdict, call: string): string {
  const out: string[] = [];
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
  if (verdict.failures.length > 0) out.push(`${call}: the body breaks the contract of ${verdict.operation} (${n(verdict.failures.length, 'violation')}):`, ...verdict.failures.map(violationLines));
  if (verdict.warnings.length > 0) {
    out.push(`${call}: ${n(verdict.warnings.length, 'SHOULD violation')} of ${verdict.operation} (failing only with { strict: true }):`, ...verdict.warnings.map(violationLines));
  }
  if (out.length === 0) out.push(`${call}: the body satisfies ${verdict.operation} (judged by ${verdict.judgedBy.join(', ')})`);
  return out.join('\n');
}

/** What a matcher of vitest or jest returns. */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * The matcher `toSatisfyApiContract(operation, options?)` as vitest's and jest's `expect.extend`
 * take it (`this.isNot` read when given). A SHOULD violation that does not fail goes to
 * `options.warn` (default `console.warn`); a usage error (an unknown operation) is thrown, so that
 * it fails `.not` too.
 */
export function toSatisfyApiContract(this: { isNot?: boolean } | void, received: unknown, operation: string, options: ApiContractOptions = {}): MatcherResult {
  const call = `expect(body).toSatisfyApiContract(${JSON.stringify(operation)})`;
  let verdict: ApiContractVerdict;
  try {
    verdict = judgeApiContract(received, operation, options);
  } catch (err) {
    // Thrown, not returned as a failed match: with `.not` a failed match would pass.
    if (err instanceof RecordingError) throw new RecordingError(`${call}: ${err.message}`);
    throw err;
  }
  const isNot = typeof this === 'object' && this !== null && this.isNot === true;
  if (verdict.pass && verdict.warnings.length > 0 && !isNot) (options.warn ?? ((m: string) => console.warn(m)))(verdictMessage(verdict, call));
  return {
    pass: verdict.pass,
    message: () => (isNot && verdict.pass ? `expect(body).not.toSatisfyApiContract(${JSON.stringify(operation)}): the body satisfies ${verdict.operation} (judged by ${verdict.judgedBy.join(', ')})` : verdictMessage(verdict, call)),
  };
}
