/**
 * The engine's contract with the checks, the runners and the reporters.
 *
 * A check is a small named unit tied to clause ids of `specs/clauses.yaml`. It talks to the target
 * only through {@link CheckContext.http} (which records, times and schema-validates every
 * exchange), prints nothing, touches no file, and returns a {@link CheckResult}. A throw is a bug in
 * the kit and becomes the outcome `error`.
 */
import type { SchemaError } from './schema-error.js';
import type { EventsProbe } from './events.js';

export type { SchemaError } from './schema-error.js';

/**
 * The exit codes of every kit command (ARCHITECTURE.md, "Interfaces that other tools rely on"):
 * 0 nothing failed; 1 a check failed (or warned, with --strict); 2 usage or configuration error,
 * including a refused key and a run left incomplete by its configuration; 3 internal error of the
 * kit; 4 the target answered nothing at all; 5 inconclusive (a budget spent, rate limited throughout).
 */
export const EXIT = { ok: 0, failed: 1, config: 2, internal: 3, unreachable: 4, inconclusive: 5 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** MUST: the API document states it. SHOULD: only the live service's documented behaviour does. */
export type Level = 'MUST' | 'SHOULD';

/**
 * The outcomes, never collapsed (ARCHITECTURE.md, "Outcomes and exit codes"). `known`: a failure
 * (or warning) listed in the `--baseline` file and not expired; it does not fail the run.
 */
export type OutcomeStatus = 'pass' | 'fail' | 'warn' | 'known' | 'skip' | 'disabled' | 'error';

/**
 * Why a check was not decided, or why the run stopped (results.schema.json `cause`): exit codes,
 * verdicts and `merge-reports` read the cause, never the reason's text.
 * `stalled`: its operation stopped answering while others answered (exit 1); `budget`:
 * --max-duration or --max-requests spent (exit 5); `inconclusive`: throttled (429/503) through
 * every retry, the target stopped answering mid-run, or (under `--events required`) an events check
 * could not verify a claim about the target's stream: it could not be opened, no subscription was
 * acknowledged, nothing to compare (exit 5); `not-json`: the target does not speak JSON (exit 2);
 * `unreachable`: the target answered nothing (exit 4); `refused-key`: a key
 * the target refused; `missing-key`: a key the configuration lacks; `max-failures`: --max-failures
 * reached; `discovery-failed`: discovery broke (the kit's error, exit 3); `static-data`: the
 * target's data did not move while the run watched, so a check about a request that changed had
 * nothing to judge (no exit of its own: the coverage says it, and what would judge it); `unstable`:
 * a relation read three times of which no two reads agreed, the data changing under them (no exit
 * of its own: the coverage says it; reproduce.ts);
 * `v2-retired`: a v2 check not run because v2 is retired by the target's clock; `date-fixed`: a
 * check that needs another date of the timeline, which the kit sets only at its embedded server
 * (a target at a URL keeps its own date); `strict-only`: a check that judges only under --strict
 * (none of the three has an exit of its own; the coverage reads them);
 * `transport`: a request's connection failed before any answer (reset, refused) while the target
 * answers other requests, a read already sent again once on a fresh connection (an `error`
 * outcome, never a failure nor a baseline entry; exit 5).
 */
export const OUTCOME_CAUSES = [
  'stalled',
  'budget',
  'inconclusive',
  'not-json',
  'unreachable',
  'refused-key',
  'missing-key',
  'max-failures',
  'discovery-failed',
  'static-data',
  'unstable',
  'v2-retired',
  'date-fixed',
  'strict-only',
  'transport',
] as const;
export type OutcomeCause = (typeof OUTCOME_CAUSES)[number];

/** Which identity a request uses. `primary` = --api-key, `other` = --other-api-key. */
export type AuthChoice =
  | 'primary'
  | 'other'
  /** The configured --inactive-api-key (embedded: the reference server's revoked key). */
  | 'inactive'
  | 'none'
  /** An explicit key the kit made up (unknown key) or was given (inactive key); always redacted. */
  | { key: string };

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path relative to the base URL, e.g. `/requests/v3`. */
  path: string;
  /**
   * Another base URL of the same target (a {@link DatedTarget}'s `base`: a clock-pinned twin of the
   * embedded server); the client refuses any base it was not given as the target's own.
   */
  base?: string;
  /** Query parameters; `undefined`/`null` values are left out. Values are sent as given (String()). */
  query?: Record<string, QueryValue>;
  /** JSON body (POST). A string is sent verbatim (to test malformed bodies). */
  body?: unknown;
  /** Defaults to `primary` when an API key is configured, else `none`. */
  auth?: AuthChoice;
  /**
   * A query parameter that carries the key this request sends as `x-api-key` (the `apiKey` filter
   * of GET /requests/v3: the requests created with the caller's own key). The check never sees the
   * key; the recorded URL shows it redacted, as the header.
   */
  keyInQuery?: string;
  headers?: Record<string, string>;
  /**
   * When true a 429 is returned to the caller as is (the check is about the 429 itself);
   * otherwise the client waits per Retry-After (bounded) and retries.
   */
  acceptRateLimit?: boolean;
}


export interface ExchangeResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  bodyText: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** True when the body parsed as JSON (set by the engine; also kept after compaction). */
  isJson?: boolean;
  /**
   * Set when the engine compacted this exchange after its check ended (to bound memory): `bodyText`
   * is cut to its first 4 KiB and `json` is dropped. Final-phase checks read `isJson`, `status`,
   * `headers` and `schema`, which compaction keeps.
   */
  truncated?: boolean;
}

/** A recorded request/response pair. Keys are already redacted in `request` and `curl`. */
export interface Exchange {
  seq: number;
  /** When the request was sent (ISO 8601; the HAR `startedDateTime`). */
  startedAt?: string;
  /** Operation key `METHOD /path` of the OpenAPI document, when the path is one of it. */
  operation?: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: ExchangeResponse;
  /** Set when no response arrived: network error or timeout. */
  transportError?: string;
  /** The request got no answer within --timeout-ms (a `transportError` of that kind). */
  timedOut?: boolean;
  durationMs: number;
  /** ajv verdict for the response against the spec (status and content type aware); undefined if no schema applies. */
  schema?: { valid: boolean; errors: SchemaError[]; schemaRef?: string };
  /** The request as a curl command, API key redacted. */
  curl: string;
  /**
   * Set when a redirect led to another origin and the kit withheld the key and every `-H` header
   * from it (http.ts): the answer then says nothing of the key.
   */
  credentialsDropped?: boolean;
  /** How a JSON 200 of a list operation wraps its records (set by the engine before compaction; list-wrapper.ts). */
  listWrapper?: ListWrapper;
}

/**
 * The wrapper of a list 200 (GET /requests/v3, /requests/v2). The document names no wrapper field
 * beyond `total`; `requests` and `continuation` are the live service's names (live facts §1.3).
 */
export interface ListWrapper {
  /** The top-level array field holding the records (`requests`, else the wrapper's only array field). */
  listField?: string;
  /** The top-level string field holding the next cursor, when the page hands one back. */
  cursorField?: string;
  /**
   * Set when the spec's schema rejected the body and the records sit under `listField` instead of
   * `requests`: the verdict of the body with that field read as `requests` (paths name the real field).
   */
  schema?: { valid: boolean; errors: SchemaError[]; schemaRef?: string };
  /** Schema errors about wrapper fields the document does not name (e.g. a null `continuation`): SHOULD only. */
  wrapperErrors?: SchemaError[];
}

export interface HttpClient {
  /** Sends one request; never throws for HTTP statuses; throws {@link TargetUnreachableError} on transport failure. */
  send(req: RequestSpec): Promise<Exchange>;
  /** Every exchange so far, in order. */
  readonly exchanges: readonly Exchange[];
}

export class TargetUnreachableError extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange,
    /**
     * `timeout`: no answer within --timeout-ms; `network`: connection refused, reset, DNS…;
     * `stalled`: not sent, its operation stopped answering earlier in the run ({@link OperationStalledError}).
     */
    readonly reason: 'timeout' | 'network' | 'stalled' = 'network',
    /** The system error code of a `network` failure (`ECONNRESET`, `ECONNREFUSED`…), when it has one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'TargetUnreachableError';
  }
}

/**
 * Codes of a connection that failed or went away before any answer (node's system errors, and
 * undici's when the fetch is node's own): the network's doing or the server's socket handling, not
 * an answer to judge. A handler that threw or a malformed HTTP message (`HPE_*`) is not one of them.
 */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Whether a request failed for its connection (reset, refused…) before any answer: a transport failure, never a verdict. */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof TargetUnreachableError && err.reason === 'network' && err.code !== undefined && CONNECTION_CODES.has(err.code);
}

/**
 * A request not sent, or cut, because its operation stopped answering while the target answered
 * others (the per-operation circuit of http.ts): `operation` (`GET /requests/v3`) and
 * the `cause` the run records once.
 */
export class OperationStalledError extends TargetUnreachableError {
  constructor(
    readonly operation: string,
    readonly cause: string,
  ) {
    super(`${operation} stopped answering (${cause}); the kit stopped sending it`, undefined, 'stalled');
    this.name = 'OperationStalledError';
  }
}

/** An operation the run stopped sending (see {@link OperationStalledError}), recorded once in the run's result. */
export interface StalledOperation {
  operation: string;
  cause: string;
  /** Its requests that got no answer before the kit stopped sending it. */
  unanswered: number;
}

/**
 * The run's request or time bound is reached (--max-requests, --max-duration). The check and every
 * later one end as `skip` with a reason starting `budget:`; the run exits 5 (outcome.ts).
 */
export class BudgetExceededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExceededError';
  }
}

/** What the checks need to know of the run's configuration (no secrets). */
export interface CheckConfig {
  baseUrl: string;
  hasApiKey: boolean;
  hasOtherApiKey: boolean;
  /** An inactive (revoked) key to test refusal with, if the user gave one. */
  hasInactiveApiKey: boolean;
  seed: number;
  numRuns: number;
  strict: boolean;
  /** True when the target is the embedded reference server (the kit may then probe harder, e.g. the v2 throttle). */
  embedded: boolean;
  /** Upper bound of v2 requests the rate-limit probe may send (0 = only examine 429s seen naturally). */
  v2ProbeRequests: number;
  /**
   * `--events required` (resolved: config/defaults.ts, `resolveEvents`): the events family is judged
   * at MUST (outcome.ts, {@link EVENTS_REQUIRED_FAMILIES}) and its skips that leave a claim about the
   * target unverified carry the cause `inconclusive` (checks/events-support.ts, `unverified`).
   */
  eventsRequired?: boolean;
}

/** A sample of the target's data, drawn once before the checks run (see discovery.ts). */
export interface Discovery {
  /** The bounded window, in Unix seconds (inclusive); `end` lies in the past of the target's clock. */
  window: { start: number; end: number };
  /** Every v3 record of the window, in the default order, as walked through the pages (bounded). */
  records: ReadonlyArray<Record<string, unknown>>;
  /** True when the walk of the window ended (the records are the complete window). */
  complete: boolean;
  /** Currencies seen from POST /currencies/v2 (limit 100). */
  currencies: ReadonlyArray<Record<string, unknown>>;
  /** The target's clock, from its Date header (else the kit's). */
  targetNow: Date;
  /** Values seen in the records, for drawing filter values. */
  values: DiscoveredValues;
  /**
   * Why part of the sample is missing (e.g. `GET /requests/v3 answered 401: no API key`), empty or
   * absent when discovery worked. Checks that need the missing data skip with this reason.
   */
  problems?: string[];
  /** Total of the window as the target reported it (includeTotal=true), when it did. */
  windowTotal?: number;
  /** The wrapper field of the next cursor, learnt on a page known to be followed by more (default `continuation`). */
  cursorField?: string;
}

export interface DiscoveredValues {
  ids: string[];
  wallets: string[];
  chainIds: number[];
  statuses: string[];
  requestTypes: string[];
  symbols: string[];
  currencyAddresses: string[];
  txHashes: string[];
  depositAddresses: string[];
  orderIds: string[];
  features: string[];
  amountsUsd: number[];
}

/** A violated expectation: what the failure report shows. */
/**
 * What identifies one violation beyond its check and operation (its fingerprint, contract/fingerprint.ts),
 * and the catalogued divergence of the live service it is an instance of, if any. All optional.
 */
export interface ViolationMark {
  /** The clause broken (specs/clauses.yaml id), when the violation names one; else the check's first clause. */
  clause?: string;
  /** Where in the response body: JSON pointer(s) of the instance (array indices as `*`). */
  where?: string;
  /** The rule broken: a schema keyword, or the oracle's rule name (default: the Expected line). */
  rule?: string;
  /**
   * Id of a catalogued divergence of the live service (specs/clauses.yaml, `kind: divergence`) this
   * violation is an instance of: reported labelled with it, apart from new violations, and it does
   * not fail the run on its own (outcome `known`).
   */
  divergence?: string;
}

/** One distinct violation of a check (by fingerprint), as seen over a passive run, and how often. */
export interface ViolationKind extends ViolationMark {
  message: string;
  expected: string;
  received: string;
  count: number;
}

export interface Violation extends ViolationMark {
  message: string;
  expected: string;
  received: string;
  /** The exchange that shows it (its curl is the reproduction). */
  exchange?: Exchange;
  /** Passive runs: the catalogued divergence of the live service that explains it (a `divergence.*` id of specs/clauses.yaml; several joined by ", "). */
  divergence?: string;
}

export type CheckResult =
  | { status: 'pass'; note?: string }
  | {
      status: 'fail';
      violation: Violation;
      /** Shrunk counterexample of a property, JSON-serialisable. */
      counterexample?: unknown;
      /** fast-check replay path. */
      path?: string;
    }
  /** `cause` when the skip is a claim the run could not test (inconclusive: exit 5 when nothing failed). */
  | { status: 'skip'; reason: string; cause?: OutcomeCause };

/** Result of {@link CheckContext.property}. */
export type PropertyOutcome =
  | { ok: true; numRuns: number }
  | { ok: false; violation: Violation; counterexample: unknown; seed: number; path?: string; numRuns: number };

export interface CheckContext {
  readonly http: HttpClient;
  readonly config: CheckConfig;
  readonly discovery: Discovery;
  /**
   * Runs a fast-check async property with the run's numRuns and a seed derived from the run's seed
   * and the check id (property.ts), or `seedKey` when given: checks passing the same `seedKey` draw
   * the same values. The predicate throws a {@link ViolationError} (see `expect.ts`) to report a
   * violation; fast-check shrinks it and the shrunk counterexample comes back with the violation.
   * `examples` (boundary values, boundaries.ts) run first, all of them, whatever the seed.
   */
  property<T>(
    arbitrary: import('fast-check').Arbitrary<T>,
    predicate: (value: T) => Promise<void>,
    options?: { numRuns?: number; examples?: readonly T[]; seedKey?: string },
  ): Promise<PropertyOutcome>;
  /** Exchanges recorded so far for an operation key, e.g. `GET /requests/v3`. */
  exchangesFor(operation: string): Exchange[];
  /** The websocket session and webhook deliveries of the run (src/events/), for the events checks. */
  readonly events?: EventsProbe;
  /**
   * Reads shared with the other checks of the run (shared-reads.ts): walks and totals asked once.
   * Absent on a re-read, which must see the target afresh.
   */
  readonly shared?: SharedReads;
  /**
   * The embedded target at a date of the v2 timeline (target/embedded.ts): absent against a URL or
   * an in-process fetch, whose own clock decides.
   */
  readonly at?: (date: TargetDate) => Promise<DatedTarget>;
  /**
   * Makes `n` new requests arrive at the embedded target now (the live service's requests arrive all
   * the time; the reference server's only when asked): their ids. Absent against a URL or an
   * in-process fetch, whose requests arrive on their own. Throws when the target cannot take them.
   */
  readonly arrive?: (n: number) => Promise<string[]>;
  /**
   * Moves request `id` one lifecycle step at the embedded target now (the live service's requests
   * move as their executions go; the reference server's only when asked or on its timer): the
   * status the step gave it, or undefined when it did not move. Absent against a URL or an
   * in-process fetch.
   */
  readonly advance?: (id: string) => Promise<string | undefined>;
}

/**
 * A date of the v2 timeline a check needs the target at (target/embedded.ts): inside the window,
 * after the sunset, or one of the first three calendar months of the throttle (September, October
 * and November 2026), whose twins run the server's own dated limit on a held clock.
 */
export type TargetDate = 'v2-window' | 'v2-retired' | 'v2-throttle-month-1' | 'v2-throttle-month-2' | 'v2-throttle-month-3';

/** The target as of a {@link TargetDate}: the run's own server, or a clock-pinned twin of the embedded one. */
export interface DatedTarget {
  /** Base URL to send to ({@link RequestSpec.base}); absent for the run's own base URL. */
  base?: string;
  /** Its clock when asked (a twin's runs on from its pinned start). */
  now: Date;
  /** Which server it is, for notes and skip reasons. */
  what: string;
}

/** What a check sees of the reads shared in a run (shared-reads.ts): {@link read} answers from the run's memo, {@link used} says whether it did. */
export interface SharedReads {
  /** The shared answer to `key`, loaded with `load` (given the run's client) by the first asker. */
  read<T>(key: string, load: (http: HttpClient) => Promise<T>): Promise<T>;
  /** Whether this check has read a shared answer (its failure must then be confirmed on fresh reads). */
  readonly used: boolean;
}

export interface CheckDefinition {
  /** Stable id, e.g. `requests-v3.filters.or-across-groups`. */
  id: string;
  /**
   * Family for progress, grouping and selection, e.g. `requests-v3.filters`: derived from the id
   * (`familyOf`, contract/family.ts), never written in a definition (a {@link CheckSpec}).
   */
  readonly family: string;
  /** One-line description. */
  title: string;
  /** Clause ids of specs/clauses.yaml it tests; its level is MUST if any clause is MUST, else SHOULD. */
  clauses: string[];
  /** Operation key, e.g. `GET /requests/v3`. */
  operation: string;
  /** Identities it needs; without them it is skipped with the reason. */
  requires?: Array<'apiKey' | 'otherApiKey'>;
  /** `final` checks run after every other check, alone (e.g. schema checks over all recorded exchanges). */
  phase?: 'main' | 'final';
  /**
   * Runs alone under --workers (scheduler.ts): once every earlier check has ended, with no other
   * check in flight. For a check that reads the exchanges of other checks (`ctx.exchangesFor`),
   * spends a shared quota on purpose, or changes the target's state. A function decides per run
   * (e.g. alone only against the embedded reference server, whose state the check drives).
   */
  exclusive?: boolean | ((config: CheckConfig) => boolean);
  /**
   * A resource the check holds while it runs, under --workers (scheduler.ts): checks naming the
   * same lock run one at a time, in run order (each once every earlier one has ended), while checks
   * without it run beside them. Narrower than {@link exclusive}: for a check that reads the
   * exchanges of one operation (`ctx.exchangesFor`) or spends its quota, where every check that
   * sends to that operation names the lock too (e.g. `GET /requests/v2`).
   */
  lock?: string;
  /**
   * Spends the quota of its {@link lock} on purpose (the v2 throttle probe): the registry's run-order
   * rules (checks/index.ts) put it after the checks of that lock that need the quota left.
   */
  spendsQuota?: boolean;
  /**
   * Reads the events session (`ctx.events`) without being of the events family: the run then has the
   * events probe even when no events check is selected (the session, run on first use, drives the
   * embedded server's status changes).
   */
  readsEvents?: boolean;
  /**
   * A relation measured over several queries (totals, walks, orders, filtered against unfiltered):
   * a failure counts only when a second read reproduces it, else the check ends `skip` (reproduce.ts).
   */
  relation?: boolean;
  /**
   * Judged by its oracle alone: a check the registry derives from an oracle that no active check
   * shares its id with (checks/oracle-checks.ts). It sends nothing; its outcome is its oracle's
   * verdict over every exchange of the run (engine/active-oracles.ts), or a skip when none applied.
   */
  oracleOnly?: boolean;
  run(ctx: CheckContext): Promise<CheckResult>;
}

/** A check as its module defines it: everything but the family, which its id gives (contract/family.ts, `withFamilies`). */
export type CheckSpec = Omit<CheckDefinition, 'family'>;

/** One check's outcome in the run result. */
export interface CheckOutcome {
  id: string;
  family: string;
  title: string;
  operation: string;
  clauses: string[];
  level: Level;
  status: OutcomeStatus;
  durationMs: number;
  /** When the check (its last run) started, in ms from the run's start: with `durationMs`, its span for a family's wall time. */
  startMs?: number;
  /** skip/disabled reason, pass note, or error message. */
  reason?: string;
  violation?: ViolationMark & {
    message: string;
    expected: string;
    received: string;
    curl?: string;
    request?: Exchange['request'];
    response?: { status: number; headers: Record<string, string>; body: string };
    /** Passive runs: the catalogued divergence of the live service that explains it (see {@link Violation.divergence}). */
    divergence?: string;
  };
  /**
   * Every distinct violation of the check (by fingerprint) when it saw several (a passive run), the
   * divergences of the live service among them labelled; {@link violation} shows a new one first.
   */
  violations?: ViolationKind[];
  counterexample?: unknown;
  seed: number;
  path?: string;
  /** Command line that replays this check alone (no secrets). */
  replay: string;
  requests: number;
  /** A skip for lack of configuration: the flags that would have let it run (e.g. `--api-key`). */
  needs?: string[];
  /** Why it was not decided (skip or error by the run, not by the check's own verdict); see {@link OutcomeCause}. */
  cause?: OutcomeCause;
}

/** A key the target refused on its first keyed request while keyless operations answered. */
export interface KeyRefusal {
  flag: '--api-key' | '--other-api-key';
  status: number;
}

/**
 * Why a run in which nothing failed is still not a pass (completeness.ts): a refused key, MUST checks
 * left unrun by the configuration, or (with --certify) MUST checks skipped.
 */
export interface Completeness {
  keyRefused?: KeyRefusal[];
  /** MUST checks that could not run for lack of configuration, and the flags that would run them. */
  incomplete?: { flags: string[]; checks: string[] };
  /** --certify: the MUST checks that were skipped. */
  certifySkipped?: string[];
  /** --require must|should: the required clauses that went unjudged (coverage.ts), exit 5. */
  unjudged?: { require: 'must' | 'should'; clauses: string[] };
}

/** Why a clause went unjudged (coverage.ts, REASON_TEXT says each in words). */
export type CoverageReason =
  | 'untestable'
  | 'retired'
  | 'date-fixed'
  | 'other-shard'
  | 'stalled'
  | 'error'
  | 'not-json'
  | 'key-refused'
  | 'needs-key'
  | 'budget'
  | 'inconclusive'
  | 'max-failures'
  | 'disabled'
  | 'needs-strict'
  | 'deselected'
  | 'static-data'
  | 'unstable'
  | 'no-data'
  | 'not-in-run';

/** The coverage of one MUST or SHOULD clause in a run (coverage.ts). */
export interface ClauseCoverage {
  /** `pass`/`fail`: a check judged it (`fail` when one failed, warned or is a known failure). */
  state: 'pass' | 'fail' | 'unjudged';
  /** Why not judged. */
  reason?: CoverageReason;
  /** The check and its reason (or the catalogue's untestable reason), e.g. `requests-v3.limit.max: the target holds 12 records, …`. */
  detail?: string;
}

/** The baseline's effect on a run. */
export interface BaselineSummary {
  /** The file, as given. */
  file: string;
  /** Failures reported as `known`. */
  known: string[];
  /** Baselined checks that now pass: remove them from the baseline. */
  fixed: string[];
  /** Failures whose entry expired: they fail the run again. */
  expired: string[];
}

export interface RunResult {
  kit: { name: string; version: string };
  spec: { hash: string };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Effective configuration with keys redacted. */
  config: Record<string, unknown>;
  seed: number;
  target: { baseUrl: string; embedded: boolean; now?: string };
  outcomes: CheckOutcome[];
  totals: Record<OutcomeStatus, number>;
  requests: number;
  /** See {@link EXIT}. */
  exitCode: ExitCode;
  /** What discovery sampled; absent when the run stopped before it. */
  discovery?: {
    window: { start: number; end: number };
    records: number;
    complete: boolean;
    currencies: number;
    targetNow: string;
    problems: string[];
  };
  /** Why the run stopped before running every check (target unreachable, a bound reached), if it did. */
  aborted?: string;
  /** The cause of {@link aborted}: what the verdict and `merge-reports` read. */
  abortCause?: OutcomeCause;
  /** Operations the run stopped sending because they stopped answering while others answered (http.ts); their checks skip. */
  stalled?: StalledOperation[];
  /**
   * Set when the exchanges were observed rather than sent (`proxy`, `audit`; src/passive/): no seed
   * applies, the target is the proxy's upstream or the recorded origin(s), replays go through it.
   */
  passive?: {
    command: 'proxy' | 'audit';
    /** Per family, the observed exchanges its checks judged, each once: the family's requests in the reports (its checks' counts added would count judgements). */
    exchangesByFamily?: Record<string, number>;
  };
  /** What the `--baseline` file did to the run, when one was given (src/baseline/). */
  baseline?: BaselineSummary;
  /** Set when the configuration left the run incomplete or a key was refused (see {@link Completeness}). */
  completeness?: Completeness;
  /** Clause id -> outcomes of the checks that test it (the traceability matrix). */
  clauses: Array<{ id: string; level?: Level; kind: string; untestable?: string; checks: Array<{ id: string; status: OutcomeStatus }>; coverage?: ClauseCoverage }>;
}
