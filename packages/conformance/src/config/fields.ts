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
  /** Target base URL; undefined = the embedded reference server. */
  baseUrl?: string;
  apiKey?: string;
  otherApiKey?: string;
  inactiveApiKey?: string;
  seed: number;
  numRuns: number;
  /** Check ids or id prefixes; empty = every check. */
  only: string[];
  /** Check ids or id prefixes turned off (outcome `disabled`). */
  disable: string[];
  strict: boolean;
  reportDir?: string;
  /** Requests per second; undefined = 50 against an external target, unlimited embedded. */
  maxRps?: number;
  timeoutMs: number;
  maxRequests: number;
  /** Wall-time bound of the whole run; undefined = none beyond the request bound. */
  maxDurationMs?: number;
  format: ConsoleFormat;
  quiet: boolean;
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
  kind: 'string' | 'url' | 'int' | 'posint' | 'bool' | 'list' | 'enum' | 'iso';
  example: string;
  values?: readonly string[];
  secret?: boolean;
  min?: number;
}

/** Every option, with its flag, its environment variable and how to parse it. */
export const FIELDS: readonly FieldSpec[] = [
  { key: 'baseUrl', flag: '--base-url', env: 'CONFORMANCE_BASE_URL', kind: 'url', example: '--base-url https://staging.example.com' },
  { key: 'apiKey', flag: '--api-key', env: 'CONFORMANCE_API_KEY', kind: 'string', example: '--api-key "$API_KEY"', secret: true },
  { key: 'otherApiKey', flag: '--other-api-key', env: 'CONFORMANCE_OTHER_API_KEY', kind: 'string', example: '--other-api-key "$OTHER_KEY"', secret: true },
  { key: 'inactiveApiKey', flag: '--inactive-api-key', env: 'CONFORMANCE_INACTIVE_API_KEY', kind: 'string', example: '--inactive-api-key "$REVOKED_KEY"', secret: true },
  { key: 'seed', flag: '--seed', env: 'CONFORMANCE_SEED', kind: 'int', example: '--seed 1234' },
  { key: 'numRuns', flag: '--num-runs', env: 'CONFORMANCE_NUM_RUNS', kind: 'posint', example: '--num-runs 50' },
  { key: 'only', flag: '--only', env: 'CONFORMANCE_ONLY', kind: 'list', example: '--only requests-v3.pagination' },
  { key: 'disable', flag: '--disable', env: 'CONFORMANCE_DISABLE', kind: 'list', example: '--disable requests-v2.timeline' },
  { key: 'strict', flag: '--strict', env: 'CONFORMANCE_STRICT', kind: 'bool', example: '--strict' },
  { key: 'reportDir', flag: '--report-dir', env: 'CONFORMANCE_REPORT_DIR', kind: 'string', example: '--report-dir reports' },
  { key: 'maxRps', flag: '--max-rps', env: 'CONFORMANCE_MAX_RPS', kind: 'posint', example: '--max-rps 20' },
  { key: 'timeoutMs', flag: '--timeout-ms', env: 'CONFORMANCE_TIMEOUT_MS', kind: 'posint', example: '--timeout-ms 10000' },
  { key: 'maxRequests', flag: '--max-requests', env: 'CONFORMANCE_MAX_REQUESTS', kind: 'posint', example: '--max-requests 5000' },
  { key: 'maxDurationMs', flag: '--max-duration-ms', env: 'CONFORMANCE_MAX_DURATION_MS', kind: 'posint', example: '--max-duration-ms 120000' },
  { key: 'format', flag: '--format', env: 'CONFORMANCE_FORMAT', kind: 'enum', values: ['console', 'json'], example: '--format json' },
  { key: 'quiet', flag: '--quiet', env: 'CONFORMANCE_QUIET', kind: 'bool', example: '--quiet' },
  { key: 'v2ProbeRequests', flag: '--v2-probe-requests', env: 'CONFORMANCE_V2_PROBE_REQUESTS', kind: 'int', min: 0, example: '--v2-probe-requests 30' },
  { key: 'mockRecords', flag: '--mock-records', env: 'CONFORMANCE_MOCK_RECORDS', kind: 'posint', example: '--mock-records 3000' },
  { key: 'mockNow', flag: '--mock-now', env: 'CONFORMANCE_MOCK_NOW', kind: 'iso', example: '--mock-now 2026-10-15T12:00:00Z' },
  { key: 'mockSeed', flag: '--mock-seed', env: 'CONFORMANCE_MOCK_SEED', kind: 'int', min: 0, example: '--mock-seed 1' },
  { key: 'mockFaults', flag: '--mock-fault', env: 'CONFORMANCE_MOCK_FAULTS', kind: 'list', example: '--mock-fault v3-limit-uncapped' },
  { key: 'mockVariants', flag: '--mock-variant', env: 'CONFORMANCE_MOCK_VARIANTS', kind: 'list', example: '--mock-variant gzip' },
  { key: 'mockV2RateLimit', flag: '--mock-v2-rate-limit', env: 'CONFORMANCE_MOCK_V2_RATE_LIMIT', kind: 'int', min: 0, example: '--mock-v2-rate-limit 5' },
];

/** {@link FIELDS} by configuration key. */
export const FIELD_BY_KEY = new Map(FIELDS.map((f) => [f.key, f]));
