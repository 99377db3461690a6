/**
 * The option table of the kit: the configuration's shape, every option with its flag, its
 * environment variable and its kind, and the errors of configuration (ARCHITECTURE.md, "Interfaces
 * that other tools rely on"). Every problem is a {@link ConfigError} whose message says what is
 * wrong, shows the value and gives the fix on one line (house-style 7); the CLI exits 2 on it.
 */
import { V2_TIMELINE } from '@crosschain/specs';

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
  /** A stale entry of the --baseline file (its check now passes, or the entry expired) fails the run (exit 1). */
  failOnStaleBaseline: boolean;
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
  /** Checks in flight at once; `auto` = enough to fill --max-rps at 100 ms latency (resolveWorkers in defaults.ts). */
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
  /**
   * Whether the run must test the Intent Status stream as the live service speaks it (live-service
   * facts §1.8): `required` raises the events family's outcome level to MUST and makes a skip whose
   * reason is an unverified claim about the target inconclusive (exit 5); `auto` leaves the family at
   * its clauses' level (SHOULD). Undefined = by target ({@link resolveEvents} in defaults.ts):
   * `required` for the embedded reference server or with --ws-url, `auto` otherwise.
   */
  events?: 'auto' | 'required';
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
  /**
   * Its help: in `--help` (with the env variable) and in config.schema.json. `{name}` stands for the
   * default `DEFAULTS[name]` (defaults.ts), filled in by `helpOf` (config/program.ts).
   */
  help: string;
}

/** Every option, with its flag, its environment variable and how to parse it. */
export const FIELDS: readonly FieldSpec[] = [
  { key: 'baseUrl', flag: '--base-url', env: 'CONFORMANCE_BASE_URL', kind: 'url', example: '--base-url https://staging.example.com', help: 'base URL of the target; default: the embedded reference server (with --target: the origin the handler sees)' },
  { key: 'target', flag: '--target', env: 'CONFORMANCE_TARGET', kind: 'string', example: '--target ./dist/app.js#handler', help: 'in-process target, no port: <module>[#<export>], a fetch handler (request) => Response exported by a JavaScript module (default export, an object with fetch, or route exports GET/POST…)' },
  { key: 'apiKey', flag: '--api-key', env: 'CONFORMANCE_API_KEY', kind: 'string', example: '--api-key "$API_KEY"', secret: true, help: 'API key (x-api-key) of the primary integrator' },
  { key: 'otherApiKey', flag: '--other-api-key', env: 'CONFORMANCE_OTHER_API_KEY', kind: 'string', example: '--other-api-key "$OTHER_KEY"', secret: true, help: 'API key of a second integrator (authenticated-data ownership checks)' },
  { key: 'inactiveApiKey', flag: '--inactive-api-key', env: 'CONFORMANCE_INACTIVE_API_KEY', kind: 'string', example: '--inactive-api-key "$REVOKED_KEY"', secret: true, help: 'an inactive (revoked) key, to check that it is refused' },
  { key: 'seed', flag: '--seed', env: 'CONFORMANCE_SEED', kind: 'int', example: '--seed 1234', help: 'seed of the property runs; default: random, always printed' },
  { key: 'numRuns', flag: '--num-runs', env: 'CONFORMANCE_NUM_RUNS', kind: 'posint', example: '--num-runs 50', help: 'runs per property (default {numRuns})' },
  { key: 'only', flag: '--only', env: 'CONFORMANCE_ONLY', kind: 'list', example: '--only requests-v3.pagination', help: 'run only these checks: id, family, dot-bounded prefix or glob (*), comma list, repeatable' },
  { key: 'disable', flag: '--disable', env: 'CONFORMANCE_DISABLE', kind: 'list', example: '--disable requests-v2.timeline', help: 'turn these checks off (outcome disabled): id or prefix, comma list, repeatable' },
  { key: 'skip', flag: '--skip', env: 'CONFORMANCE_SKIP', kind: 'list', example: '--skip "requests-v2.*"', help: 'leave these checks out: id, family, dot-bounded prefix or glob (*), comma list, repeatable' },
  { key: 'maxFailures', flag: '--max-failures', env: 'CONFORMANCE_MAX_FAILURES', kind: 'posint', example: '--max-failures 5', help: 'stop after this many failures; the remaining checks skip (default: no limit)' },
  { key: 'listChecks', flag: '--list-checks', env: 'CONFORMANCE_LIST_CHECKS', kind: 'bool', example: '--list-checks', help: 'print every selected check (id, family, level, clauses) and exit' },
  { key: 'baseline', flag: '--baseline', env: 'CONFORMANCE_BASELINE', kind: 'string', example: '--baseline conformance-baseline.yaml', help: 'YAML file of known failures: they report as known and do not fail the run' },
  { key: 'writeBaseline', flag: '--write-baseline', env: 'CONFORMANCE_WRITE_BASELINE', kind: 'string', example: '--write-baseline conformance-baseline.yaml', help: "write this run's failures to a baseline file (reason TODO, expiry in 90 days)" },
  { key: 'failOnStaleBaseline', flag: '--fail-on-stale-baseline', env: 'CONFORMANCE_FAIL_ON_STALE_BASELINE', kind: 'bool', example: '--fail-on-stale-baseline', help: 'a stale entry of the --baseline file (its check now passes, or the entry expired) fails the run (exit 1)' },
  { key: 'record', flag: '--record', env: 'CONFORMANCE_RECORD', kind: 'string', example: '--record run.har', help: 'write every exchange of the run as HAR 1.2 to this file (keys redacted)' },
  { key: 'shard', flag: '--shard', env: 'CONFORMANCE_SHARD', kind: 'shard', example: '--shard 1/4', help: 'i/n: run only shard i of n (deterministic, balanced by recorded cost)' },
  { key: 'strict', flag: '--strict', env: 'CONFORMANCE_STRICT', kind: 'bool', example: '--strict', help: 'SHOULD violations fail instead of warn' },
  { key: 'allowIncomplete', flag: '--allow-incomplete', env: 'CONFORMANCE_ALLOW_INCOMPLETE', kind: 'bool', example: '--allow-incomplete', help: 'exit 0 even when MUST checks could not run for lack of --api-key/--other-api-key' },
  { key: 'certify', flag: '--certify', env: 'CONFORMANCE_CERTIFY', kind: 'bool', example: '--certify', help: 'certification mode: any skipped MUST check fails the run (exit 1)' },
  { key: 'require', flag: '--require', env: 'CONFORMANCE_REQUIRE', kind: 'enum', values: ['must', 'should'], example: '--require must', help: 'coverage gate: must (MUST clauses) or should (MUST and SHOULD): a run that left one unjudged (no data, a selection, a budget) is inconclusive, exit 5' },
  { key: 'window', flag: '--window', env: 'CONFORMANCE_WINDOW', kind: 'window', example: '--window 1760000000..1760086400', help: "pin discovery's data window, <start>..<end> in Unix seconds (replay lines set it)" },
  { key: 'reportDir', flag: '--report-dir', env: 'CONFORMANCE_REPORT_DIR', kind: 'string', example: '--report-dir reports', help: 'write results.json, junit.xml, summary.md and report.html there' },
  { key: 'maxRps', flag: '--max-rps', env: 'CONFORMANCE_MAX_RPS', kind: 'posint', example: '--max-rps 20', help: 'requests per second (default {externalMaxRps} against a base URL, unlimited embedded)' },
  { key: 'workers', flag: '--workers', env: 'CONFORMANCE_WORKERS', kind: 'workers', example: '--workers 4 (or --workers auto)', help: 'checks in flight at once, or auto (default): ceil(max-rps / 5) + 2 within 2..16, 4 without a rate; results do not depend on it' },
  { key: 'timeoutMs', flag: '--timeout-ms', env: 'CONFORMANCE_TIMEOUT_MS', kind: 'posint', example: '--timeout-ms 10000', help: 'request timeout (default {timeoutMs})' },
  { key: 'maxRequests', flag: '--max-requests', env: 'CONFORMANCE_MAX_REQUESTS', kind: 'posint', example: '--max-requests 5000', help: 'bound on requests of the run (default {maxRequests})' },
  { key: 'maxDurationMs', flag: '--max-duration-ms', env: 'CONFORMANCE_MAX_DURATION_MS', kind: 'posint', example: '--max-duration-ms 120000', alias: true, help: 'bound on the wall time of the run, e.g. 90s, 15m, 1h (default {maxDurationMinutes}m; --max-duration-ms <n> still works); when spent, the rest is skipped, exit 5' },
  { key: 'maxDurationMs', flag: '--max-duration', env: 'CONFORMANCE_MAX_DURATION', kind: 'duration', example: '--max-duration 15m', help: 'bound on the wall time of the run, e.g. 90s, 15m, 1h (default {maxDurationMinutes}m; --max-duration-ms <n> still works); when spent, the rest is skipped, exit 5' },
  { key: 'maxBodyBytes', flag: '--max-body-bytes', env: 'CONFORMANCE_MAX_BODY_BYTES', kind: 'posint', example: '--max-body-bytes 8388608', help: 'cap on one response body after decompression, in bytes (default {maxBodyBytes}); a bigger body is a failure of its check' },
  { key: 'headers', flag: '--header', env: 'CONFORMANCE_HEADERS', kind: 'header', short: '-H', example: "-H 'x-gateway-token: $TOKEN'", secret: true, help: "extra request header 'name: value' (repeatable; env: one per line), sent only to the target's origin, redacted like the key" },
  { key: 'format', flag: '--format', env: 'CONFORMANCE_FORMAT', kind: 'enum', values: ['console', 'json'], example: '--format json', help: 'console output: console (default) or json (results.json on stdout)' },
  { key: 'quiet', flag: '--quiet', env: 'CONFORMANCE_QUIET', kind: 'bool', example: '--quiet', help: 'print only the summary' },
  { key: 'verbose', flag: '--verbose', env: 'CONFORMANCE_VERBOSE', kind: 'bool', example: '--verbose', help: 'print the effective configuration (keys redacted) before the run' },
  { key: 'v2ProbeRequests', flag: '--v2-probe-requests', env: 'CONFORMANCE_V2_PROBE_REQUESTS', kind: 'int', min: 0, example: '--v2-probe-requests 30', help: 'v2 requests the rate-limit probe may send (default {embeddedV2ProbeRequests} embedded, 0 against a URL: only examine 429s seen)' },
  { key: 'wsUrl', flag: '--ws-url', env: 'CONFORMANCE_WS_URL', kind: 'ws-url', example: '--ws-url wss://ws.example.com', help: 'Intent Status stream URL (ws or wss); default: the base URL with the ws scheme (the key goes in ?apiKey=, redacted)' },
  { key: 'eventsWaitMs', flag: '--events-wait-ms', env: 'CONFORMANCE_EVENTS_WAIT_MS', kind: 'posint', example: '--events-wait-ms 10000', help: 'how long each step of the events family (ready, acks, pushes, webhook deliveries) waits, in ms (default {eventsWaitMs})' },
  { key: 'events', flag: '--events', env: 'CONFORMANCE_EVENTS', kind: 'enum', values: ['auto', 'required'], example: '--events required', help: 'auto or required: required = the run must test the Intent Status stream as the live service speaks it: events violations fail (the family is judged at MUST) and a stream that cannot be opened, acknowledges no subscription or leaves nothing to compare makes the run inconclusive (exit 5); default: required embedded or with --ws-url, auto otherwise (events at SHOULD: warnings and skips)' },
  { key: 'mockRecords', flag: '--mock-records', env: 'CONFORMANCE_MOCK_RECORDS', kind: 'posint', example: '--mock-records 3000', help: 'embedded target: records of the data set (default {mockRecords})' },
  { key: 'mockNow', flag: '--mock-now', env: 'CONFORMANCE_MOCK_NOW', kind: 'iso', example: '--mock-now 2026-10-15T12:00:00Z', help: "embedded target: the server's clock (ISO 8601)" },
  { key: 'mockSeed', flag: '--mock-seed', env: 'CONFORMANCE_MOCK_SEED', kind: 'int', min: 0, example: '--mock-seed 1', help: 'embedded target: data set seed (default {mockSeed})' },
  { key: 'mockFaults', flag: '--mock-fault', env: 'CONFORMANCE_MOCK_FAULTS', kind: 'list', example: '--mock-fault v3-limit-uncapped', help: 'embedded target: inject a fault of the reference server (repeatable; self-tests)' },
  { key: 'mockVariants', flag: '--mock-variant', env: 'CONFORMANCE_MOCK_VARIANTS', kind: 'list', example: '--mock-variant gzip', help: 'embedded target: switch on an allowed variation of the reference server (repeatable; self-tests)' },
  { key: 'mockV2RateLimit', flag: '--mock-v2-rate-limit', env: 'CONFORMANCE_MOCK_V2_RATE_LIMIT', kind: 'int', min: 0, example: '--mock-v2-rate-limit 5', help: `embedded target: v2 requests per minute per key, 0 = unlimited (default {embeddedV2RateLimit} from ${V2_TIMELINE.throttledFrom} by the server's clock, none before)` },
];

/** {@link FIELDS} by configuration key. */
export const FIELD_BY_KEY = new Map(FIELDS.map((f) => [f.key, f]));

/**
 * An option of the command line that is not a field of the run's configuration: `--config` of the
 * default run, and the options of the subcommands (src/commands/). Like a {@link FieldSpec} it has
 * its flag, its environment variable (used when the flag is absent; an empty one is ignored) and
 * its help; the command checks the value and names the flag in its errors.
 */
export interface OptionSpec {
  flag: string;
  env: string;
  /** Placeholder of the value, e.g. `<url>`; absent = a switch (env: 1/true/yes/on or 0/false/no/off). */
  value?: string;
  help: string;
  /** May be given more than once; the environment variable then holds a comma list. */
  repeatable?: boolean;
}

/** A subcommand's command line (config/program.ts builds its parser and its --help from it). */
export interface CommandLineSpec {
  /** Positional arguments in commander's syntax, e.g. `[file-or-folder...]`: optional to the parser, the command says what is missing. */
  args?: string;
  /** What it does: under the usage line of its --help. */
  description: string;
  options: readonly OptionSpec[];
}

/** `--config` of the default run. */
export const CONFIG_OPTION: OptionSpec = {
  flag: '--config',
  env: 'CONFORMANCE_CONFIG',
  value: '<file>',
  help: 'JSON or YAML file of options (keys as in the results.json config; ${ENV} interpolated); default: conformance.yaml in the working directory, if present',
};

/** A field of the run used by a subcommand: the same flag and env variable, help told for the command. */
function runOption(key: keyof ConformanceConfig, value: string, help: string): OptionSpec {
  const field = FIELD_BY_KEY.get(key)!;
  return { flag: field.flag, env: field.env, ...(field.kind === 'bool' ? {} : { value }), help };
}

const REPORT_DIR = runOption('reportDir', '<dir>', 'write results.json, junit.xml, summary.md and report.html there');
const STRICT = runOption('strict', '', 'SHOULD violations fail too');
const ACCEPT_DIVERGENCES: OptionSpec = {
  flag: '--accept-divergences',
  env: 'CONFORMANCE_ACCEPT_DIVERGENCES',
  help: 'catalogued divergences of the live service (specs/clauses.yaml) report as known instead of failing, labelled',
};
const DURATION: OptionSpec = { flag: '--duration', env: 'CONFORMANCE_DURATION', value: '<s>', help: 'stop after this many seconds (default: until SIGINT/SIGTERM)' };

/** Every subcommand's command line, by name (the subcommands themselves: commands/index.ts). */
export const COMMAND_LINES = {
  proxy: {
    description: "Forwards every request to --upstream unchanged and checks each exchange with the kit's oracles.",
    options: [
      { flag: '--upstream', env: 'CONFORMANCE_UPSTREAM', value: '<url>', help: 'upstream base URL (required)' },
      { flag: '--port', env: 'CONFORMANCE_PROXY_PORT', value: '<n>', help: 'port on 127.0.0.1, 0 = a free one (default 0)' },
      { ...REPORT_DIR, help: 'write results.json, junit.xml, summary.md, report.html on exit' },
      DURATION,
      { flag: '--errors', env: 'CONFORMANCE_ERRORS', help: 'answer a violating response with a 502 problem' },
      STRICT,
      { ...ACCEPT_DIVERGENCES, help: 'catalogued divergences of the live service report as known and pass --errors, labelled' },
    ],
  },
  audit: {
    args: '[file-or-folder...]',
    description: [
      "Checks recorded exchanges and mocks with the kit's oracles; the format is told from the content:",
      'HAR 1.2 (browser exports, --record, proxy logs), Polly.js recordings (recording.har),',
      'Pact files (specification v1-v4), WireMock mappings (a mapping file, or a folder with mappings/',
      'and __files/), VCR cassettes (vcrpy and Ruby VCR, YAML or JSON). A folder is read recursively.',
      'Bare JSON response bodies (fixtures) are judged with --fixtures, which maps files to the operation they answer.',
    ].join(' '),
    options: [
      {
        flag: '--fixtures',
        env: 'CONFORMANCE_FIXTURES',
        value: '<glob=operation|manifest>',
        help: "JSON response bodies to judge as answers of an operation: '<glob>=<METHOD /path>' (e.g. 'test/fixtures/status-v3/*.json=GET /intents/status/v3'), or a JSON manifest file listing fixtures: [{files, operation, status?, headers?}] (globs relative to it); repeatable",
        repeatable: true,
      },
      REPORT_DIR,
      STRICT, { ...ACCEPT_DIVERGENCES, help: 'catalogued divergences of the live service (specs/clauses.yaml) report as known instead of failing, e.g. to audit recordings of the live service' }, runOption('verbose', '', 'name every check of a group of skips sharing one reason')],
  },
  'merge-reports': {
    args: '[report-dir...]',
    description: [
      'Merges the results.json of shard runs (--shard i/n) into one set of reports.',
      'Coverage is merged (a clause judged in any shard is judged); --require (default: the shards\' own --require)',
      'gates the merged run: a required clause no shard judged makes it inconclusive (exit 5).',
    ].join(' '),
    options: [runOption('reportDir', '<out>', 'where the merged reports go (required; not one of the shard directories)'), runOption('require', '<must|should>', 'coverage gate of the merged run: must or should')],
  },
  replay: {
    args: '[results.json...]',
    description: [
      'Re-sends the recorded request of each failure of a run and says per failure "still failing" or',
      '"fixed": the same answer as recorded is still failing; another answer re-runs the check alone with',
      'its seed against the current server.',
    ].join(' '),
    options: [
      { flag: '--check', env: 'CONFORMANCE_CHECK', value: '<id|family|prefix|glob>', repeatable: true, help: 'replay only these failed checks (as --only: ids, families, dot-bounded prefixes, globs; comma list, repeatable)' },
      runOption('baseUrl', '<url>', 'the target to replay against (default: the recorded one)'),
      runOption('apiKey', '<key>', 'the API key the recorded requests used (redacted in results.json)'),
    ],
  },
  'webhook-receiver': {
    description: [
      'Receives webhook deliveries on 127.0.0.1:<port>, refuses the first one on purpose (503) and leaves its redelivery unanswered to see retries,',
      'checks signature (raw body), timestamp, schema and retry, and reports on SIGINT/SIGTERM or after --duration.',
    ].join(' '),
    options: [
      { flag: '--port', env: 'CONFORMANCE_WEBHOOK_PORT', value: '<n>', help: 'port on 127.0.0.1 to receive on, 0 = a free one (required)' },
      runOption('apiKey', '<key>', 'the API key the deliveries are signed with (required)'),
      DURATION,
      REPORT_DIR,
      STRICT,
    ],
  },
} as const satisfies Record<string, CommandLineSpec>;

/** The name of a subcommand. */
export type CommandName = keyof typeof COMMAND_LINES;
