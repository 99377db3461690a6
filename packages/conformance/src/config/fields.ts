/**
 * The option table of the kit: the configuration's shape, every option with its flag, its
 * environment variable and its kind, and the errors of configuration (architecture.md, "Interfaces
 * that other tools rely on"). Every problem is a {@link ConfigError} whose message says what is
 * wrong, shows the value and gives the fix on one line (house-style 7); the CLI exits 2 on it.
 */

/** Output format of the console. */
export type ConsoleFormat = 'console' | 'json';

/** The effective configuration of a run. */
export interface ConformanceConfig {
  /** Target base URL; undefined = the embedded reference server (or, with `target`, the origin the handler is called by). */
  baseUrl?: string;
  /** In-process target: a fetch handler exported by a JavaScript module, `<module>[#<export>]`. */
  target?: string;
  apiKey?: string;
  otherApiKey?: string;
  inactiveApiKey?: string;
  seed: number;
  numRuns: number;
  /** Check ids or id prefixes; empty = every check. */
  only: string[];
  /** Check ids or id prefixes turned off (outcome `disabled`). */
  disable: string[];
  /** Checks left out of the run (ids, family names, dot-bounded prefixes, globs). */
  skip: string[];
  /** Stop after this many failures; the rest `skip` ("max failures reached"). */
  maxFailures?: number;
  /** Print the checks (id, family, level, clauses) and exit 0. */
  listChecks: boolean;
  /** Known failures file (YAML): baselined failures report as `known`. */
  baseline?: string;
  /** Write the run's failures as a baseline file there. */
  writeBaseline?: string;
  /** Write every exchange as HAR 1.2 there. */
  record?: string;
  /** `i/n`: run only the i-th of n cost-balanced shards of the selected checks. */
  shard?: string;
  strict: boolean;
  /** Exit 0 even when MUST checks could not run for lack of configuration (no --api-key, no --other-api-key). */
  allowIncomplete: boolean;
  /** Certification mode: any skip of a MUST check fails the run (exit 1). */
  certify: boolean;
  /** Coverage gate: a run in which a clause of this level (must: MUST; should: MUST and SHOULD) went unjudged is inconclusive (exit 5). */
  require?: 'must' | 'should';
  /** Pins discovery's window, `<start>..<end>` in Unix seconds (what a replay line sets). */
  window?: string;
  reportDir?: string;
  /** Requests per second; undefined = 50 against an external target, unlimited embedded. */
  maxRps?: number;
  /** Checks in flight at once (issue 13); `auto` = enough to fill --max-rps at 100 ms latency (resolveWorkers in defaults.ts). */
  workers: number | 'auto';
  timeoutMs: number;
  maxRequests: number;
  /** Wall-time bound of the whole run (--max-duration 15m; default 15 minutes). */
  maxDurationMs?: number;
  /** Cap on one response body after decompression, in bytes (default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** Extra request headers `name: value` (-H), sent to the target's origin only; their values are secrets. */
  headers?: string[];
  format: ConsoleFormat;
  quiet: boolean;
  /** Print the effective configuration (redacted) before the run. */
  verbose: boolean;
  /**
   * Upper bound of v2 requests the rate-limit probe may send (0 = only examine 429s seen naturally);
   * undefined = the target's default (see {@link targetDefaults}).
   */
  v2ProbeRequests?: number;
  /** Embedded target: number of records of the reference server. */
  mockRecords: number;
  /** Embedded target: the server's clock (ISO 8601). */
  mockNow?: string;
  /** Embedded target: the data set seed of the reference server. */
  mockSeed: number;
  /** Embedded target: faults to inject (self-tests). */
  mockFaults: string[];
  /** Embedded target: allowed variations to switch on (self-tests over the variant catalogue). */
  mockVariants: string[];
  /**
   * Embedded target: v2 rate limit per minute per key (0 = unlimited); undefined = the target's
   * default (see {@link targetDefaults}).
   */
  mockV2RateLimit?: number;
  /** Intent Status stream URL; undefined = the base URL with the ws scheme. */
  wsUrl?: string;
  /** How long each step of the events family waits (ms). */
  eventsWaitMs: number;
  /** Path of the config file read, if any. */
  configFile?: string;
}

/** A usage or configuration error (exit code 2). */
export class ConfigError extends Error {
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Asked for `--help` or `--version`: the text to print, exit 0. */
export class HelpRequested extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'HelpRequested';
  }
}

/** A partial configuration, as one source gives it. */
export type Raw = Partial<Record<keyof ConformanceConfig, unknown>>;

/** One source's description, for error messages ("--num-runs", "CONFORMANCE_NUM_RUNS", "numRuns in x.yaml"). */
export type Source = 'flag' | 'env' | 'file' | 'option';

/** How one option is named and parsed. */
export interface FieldSpec {
  key: keyof ConformanceConfig;
  flag: string;
  env: string;
  kind: 'string' | 'url' | 'ws-url' | 'int' | 'posint' | 'bool' | 'list' | 'enum' | 'iso' | 'shard' | 'duration' | 'header' | 'window' | 'workers';
  example: string;
  values?: readonly string[];
  secret?: boolean;
  min?: number;
  /** One-letter flag, e.g. `-H`. */
  short?: string;
  /** An older spelling of another field's option: accepted, hidden from --help. */
  alias?: boolean;
}

/** Every option, with its flag, its environment variable and how to parse it. */
export const FIELDS: readonly FieldSpec[] = [
  { key: 'baseUrl', flag: '--base-url', env: 'CONFORMANCE_BASE_URL', kind: 'url', example: '--base-url https://staging.example.com' },
  { key: 'target', flag: '--target', env: 'CONFORMANCE_TARGET', kind: 'string', example: '--target ./dist/app.js#handler' },
  { key: 'apiKey', flag: '--api-key', env: 'CONFORMANCE_API_KEY', kind: 'string', example: '--api-key "$API_KEY"', secret: true },
  { key: 'otherApiKey', flag: '--other-api-key', env: 'CONFORMANCE_OTHER_API_KEY', kind: 'string', example: '--other-api-key "$OTHER_KEY"', secret: true },
  { key: 'inactiveApiKey', flag: '--inactive-api-key', env: 'CONFORMANCE_INACTIVE_API_KEY', kind: 'string', example: '--inactive-api-key "$REVOKED_KEY"', secret: true },
  { key: 'seed', flag: '--seed', env: 'CONFORMANCE_SEED', kind: 'int', example: '--seed 1234' },
  { key: 'numRuns', flag: '--num-runs', env: 'CONFORMANCE_NUM_RUNS', kind: 'posint', example: '--num-runs 50' },
  { key: 'only', flag: '--only', env: 'CONFORMANCE_ONLY', kind: 'list', example: '--only requests-v3.pagination' },
  { key: 'disable', flag: '--disable', env: 'CONFORMANCE_DISABLE', kind: 'list', example: '--disable requests-v2.timeline' },
  { key: 'skip', flag: '--skip', env: 'CONFORMANCE_SKIP', kind: 'list', example: '--skip "requests-v2.*"' },
  { key: 'maxFailures', flag: '--max-failures', env: 'CONFORMANCE_MAX_FAILURES', kind: 'posint', example: '--max-failures 5' },
  { key: 'listChecks', flag: '--list-checks', env: 'CONFORMANCE_LIST_CHECKS', kind: 'bool', example: '--list-checks' },
  { key: 'baseline', flag: '--baseline', env: 'CONFORMANCE_BASELINE', kind: 'string', example: '--baseline conformance-baseline.yaml' },
  { key: 'writeBaseline', flag: '--write-baseline', env: 'CONFORMANCE_WRITE_BASELINE', kind: 'string', example: '--write-baseline conformance-baseline.yaml' },
  { key: 'record', flag: '--record', env: 'CONFORMANCE_RECORD', kind: 'string', example: '--record run.har' },
  { key: 'shard', flag: '--shard', env: 'CONFORMANCE_SHARD', kind: 'shard', example: '--shard 1/4' },
  { key: 'strict', flag: '--strict', env: 'CONFORMANCE_STRICT', kind: 'bool', example: '--strict' },
  { key: 'allowIncomplete', flag: '--allow-incomplete', env: 'CONFORMANCE_ALLOW_INCOMPLETE', kind: 'bool', example: '--allow-incomplete' },
  { key: 'certify', flag: '--certify', env: 'CONFORMANCE_CERTIFY', kind: 'bool', example: '--certify' },
  { key: 'require', flag: '--require', env: 'CONFORMANCE_REQUIRE', kind: 'enum', values: ['must', 'should'], example: '--require must' },
  { key: 'window', flag: '--window', env: 'CONFORMANCE_WINDOW', kind: 'window', example: '--window 1760000000..1760086400' },
  { key: 'reportDir', flag: '--report-dir', env: 'CONFORMANCE_REPORT_DIR', kind: 'string', example: '--report-dir reports' },
  { key: 'maxRps', flag: '--max-rps', env: 'CONFORMANCE_MAX_RPS', kind: 'posint', example: '--max-rps 20' },
  { key: 'workers', flag: '--workers', env: 'CONFORMANCE_WORKERS', kind: 'workers', example: '--workers 4 (or --workers auto)' },
  { key: 'timeoutMs', flag: '--timeout-ms', env: 'CONFORMANCE_TIMEOUT_MS', kind: 'posint', example: '--timeout-ms 10000' },
  { key: 'maxRequests', flag: '--max-requests', env: 'CONFORMANCE_MAX_REQUESTS', kind: 'posint', example: '--max-requests 5000' },
  { key: 'maxDurationMs', flag: '--max-duration-ms', env: 'CONFORMANCE_MAX_DURATION_MS', kind: 'posint', example: '--max-duration-ms 120000', alias: true },
  { key: 'maxDurationMs', flag: '--max-duration', env: 'CONFORMANCE_MAX_DURATION', kind: 'duration', example: '--max-duration 15m' },
  { key: 'maxBodyBytes', flag: '--max-body-bytes', env: 'CONFORMANCE_MAX_BODY_BYTES', kind: 'posint', example: '--max-body-bytes 8388608' },
  { key: 'headers', flag: '--header', env: 'CONFORMANCE_HEADERS', kind: 'header', short: '-H', example: "-H 'x-gateway-token: $TOKEN'", secret: true },
  { key: 'format', flag: '--format', env: 'CONFORMANCE_FORMAT', kind: 'enum', values: ['console', 'json'], example: '--format json' },
  { key: 'quiet', flag: '--quiet', env: 'CONFORMANCE_QUIET', kind: 'bool', example: '--quiet' },
  { key: 'verbose', flag: '--verbose', env: 'CONFORMANCE_VERBOSE', kind: 'bool', example: '--verbose' },
  { key: 'v2ProbeRequests', flag: '--v2-probe-requests', env: 'CONFORMANCE_V2_PROBE_REQUESTS', kind: 'int', min: 0, example: '--v2-probe-requests 30' },
  { key: 'wsUrl', flag: '--ws-url', env: 'CONFORMANCE_WS_URL', kind: 'ws-url', example: '--ws-url wss://ws.example.com' },
  { key: 'eventsWaitMs', flag: '--events-wait-ms', env: 'CONFORMANCE_EVENTS_WAIT_MS', kind: 'posint', example: '--events-wait-ms 10000' },
  { key: 'mockRecords', flag: '--mock-records', env: 'CONFORMANCE_MOCK_RECORDS', kind: 'posint', example: '--mock-records 3000' },
  { key: 'mockNow', flag: '--mock-now', env: 'CONFORMANCE_MOCK_NOW', kind: 'iso', example: '--mock-now 2026-10-15T12:00:00Z' },
  { key: 'mockSeed', flag: '--mock-seed', env: 'CONFORMANCE_MOCK_SEED', kind: 'int', min: 0, example: '--mock-seed 1' },
  { key: 'mockFaults', flag: '--mock-fault', env: 'CONFORMANCE_MOCK_FAULTS', kind: 'list', example: '--mock-fault v3-limit-uncapped' },
  { key: 'mockVariants', flag: '--mock-variant', env: 'CONFORMANCE_MOCK_VARIANTS', kind: 'list', example: '--mock-variant gzip' },
  { key: 'mockV2RateLimit', flag: '--mock-v2-rate-limit', env: 'CONFORMANCE_MOCK_V2_RATE_LIMIT', kind: 'int', min: 0, example: '--mock-v2-rate-limit 5' },
];

/** {@link FIELDS} by configuration key. */
export const FIELD_BY_KEY = new Map(FIELDS.map((f) => [f.key, f]));
