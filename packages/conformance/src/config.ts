/**
 * The kit's configuration: flags > `CONFORMANCE_*` environment > config file (JSON or YAML) >
 * defaults (architecture.md, "Interfaces that other tools rely on"). Every problem is a
 * {@link ConfigError} whose message says what is wrong, shows the value and gives the fix on one
 * line (house-style 7); the CLI exits 2 on it.
 */
import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { parse as parseYaml } from 'yaml';

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
  /**
   * Embedded target: v2 rate limit per minute per key (0 = unlimited); undefined = the target's
   * default (see {@link targetDefaults}).
   */
  mockV2RateLimit?: number;
  /** Path of the config file read, if any. */
  configFile?: string;
}

export const DEFAULTS = {
  numRuns: 25,
  timeoutMs: 10_000,
  maxRequests: 5_000,
  externalMaxRps: 50,
  /** Against a URL or an in-process fetch: no v2 probing (politeness). */
  v2ProbeRequests: 0,
  /** Against the embedded reference server: probe its v2 throttle so the 429 checks run. */
  embeddedV2ProbeRequests: 60,
  /** The embedded server's v2 limit per minute per key while v2 is throttled (from 2026-09-01). */
  embeddedV2RateLimit: 30,
  mockRecords: 3_000,
  mockSeed: 1,
} as const;

/** First day of the v2 throttle (API document, Versioning > Timeline of GET /requests/v2). */
const V2_THROTTLED_FROM_MS = Date.UTC(2026, 8, 1);

/** The v2 probe settings of a run once its target is known. */
export interface TargetDefaults {
  v2ProbeRequests: number;
  /** Rate limit to start the embedded server with; undefined = the server's own dated default. */
  mockV2RateLimit?: number;
}

/**
 * Target-dependent defaults of the options the user left unset. Against the embedded reference
 * server the kit probes the v2 throttle (up to 60 requests) and, while v2 is throttled by the
 * server's clock (from 2026-09-01), starts it with 30 requests per minute per key, so that the
 * 429 checks have a 429 to examine. Against a URL or an in-process fetch nothing is probed.
 */
export function targetDefaults(
  config: Pick<ConformanceConfig, 'v2ProbeRequests' | 'mockV2RateLimit' | 'mockNow'>,
  embedded: boolean,
  nowMs: number = Date.now(),
): TargetDefaults {
  if (!embedded) return { v2ProbeRequests: config.v2ProbeRequests ?? DEFAULTS.v2ProbeRequests };
  const serverNow = config.mockNow !== undefined ? Date.parse(config.mockNow) : nowMs;
  const throttled = serverNow >= V2_THROTTLED_FROM_MS;
  const mockV2RateLimit = config.mockV2RateLimit ?? (throttled ? DEFAULTS.embeddedV2RateLimit : undefined);
  return {
    v2ProbeRequests: config.v2ProbeRequests ?? DEFAULTS.embeddedV2ProbeRequests,
    ...(mockV2RateLimit !== undefined ? { mockV2RateLimit } : {}),
  };
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

type Raw = Partial<Record<keyof ConformanceConfig, unknown>>;

/** One source's description, for error messages ("--num-runs", "CONFORMANCE_NUM_RUNS", "numRuns in x.yaml"). */
type Source = 'flag' | 'env' | 'file' | 'option';

interface FieldSpec {
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
  { key: 'mockV2RateLimit', flag: '--mock-v2-rate-limit', env: 'CONFORMANCE_MOCK_V2_RATE_LIMIT', kind: 'int', min: 0, example: '--mock-v2-rate-limit 5' },
];

const FIELD_BY_KEY = new Map(FIELDS.map((f) => [f.key, f]));

function where(field: FieldSpec, source: Source, file?: string): string {
  switch (source) {
    case 'flag':
      return field.flag;
    case 'env':
      return field.env;
    case 'file':
      return `${field.key} in ${file ?? 'the config file'}`;
    default:
      return field.key;
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
}

/** Parses and validates one value of one field from one source. */
function coerce(field: FieldSpec, value: unknown, source: Source, file?: string): unknown {
  const name = where(field, source, file);
  const bad = (what: string): never => {
    const shown = field.secret ? '<redacted>' : show(value);
    throw new ConfigError(`${name} must be ${what}, got ${shown}. Example: ${field.example}`);
  };
  switch (field.kind) {
    case 'string': {
      if (typeof value !== 'string' || value.trim() === '') bad('a non-empty string');
      return value;
    }
    case 'url': {
      if (typeof value !== 'string') return bad('an http(s) URL');
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return bad('an absolute http(s) URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') bad('an http(s) URL');
      if (url.search || url.hash) bad('a base URL without query or fragment');
      return value.replace(/\/+$/, '');
    }
    case 'int':
    case 'posint': {
      const min = field.kind === 'posint' ? 1 : (field.min ?? Number.MIN_SAFE_INTEGER);
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < min) {
        bad(field.kind === 'posint' ? 'a positive integer' : min === 0 ? 'a non-negative integer' : 'an integer');
      }
      if (field.key === 'seed' && (n < -(2 ** 31) || n >= 2 ** 32)) bad('a 32-bit integer');
      return n;
    }
    case 'bool': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (['1', 'true', 'yes', 'on'].includes(v)) return true;
        if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
      }
      return bad('true or false');
    }
    case 'list': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : bad('a list of strings');
      const out: string[] = [];
      for (const item of items) {
        if (typeof item !== 'string') bad('a list of strings');
        for (const part of item.split(',')) if (part.trim() !== '') out.push(part.trim());
      }
      return out;
    }
    case 'enum': {
      if (typeof value !== 'string' || !field.values?.includes(value)) bad(`one of ${field.values?.join(', ')}`);
      return value;
    }
    case 'iso': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
        bad('an ISO 8601 date-time with a zone');
      }
      return value;
    }
  }
}

/** Validates a plain options object (library call or config file) into a partial config. */
export function parseOptionsObject(obj: unknown, source: Source, file?: string): Raw {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new ConfigError(`${file ?? 'the options'} must hold an object of options, got ${show(obj)}. Example: {"baseUrl": "https://staging.example.com", "numRuns": 50}`);
  }
  const out: Raw = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (v === undefined) continue;
    const key = k === 'mockFault' ? 'mockFaults' : k;
    const field = FIELD_BY_KEY.get(key as keyof ConformanceConfig);
    if (!field) {
      const known = FIELDS.map((f) => f.key).join(', ');
      throw new ConfigError(`unknown option ${JSON.stringify(k)} in ${file ?? 'the options'}; known options: ${known}.`);
    }
    out[field.key] = coerce(field, v, source, file);
  }
  return out;
}

/** Reads `CONFORMANCE_*` variables. Empty variables are ignored. */
export function parseEnv(env: NodeJS.ProcessEnv): Raw {
  const out: Raw = {};
  for (const field of FIELDS) {
    const value = env[field.env];
    if (value === undefined || value === '') continue;
    out[field.key] = coerce(field, value, 'env');
  }
  return out;
}

/** Reads a JSON or YAML config file. */
export function readConfigFile(path: string, cwd: string): Raw {
  const full = resolvePath(cwd, path);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`--config file cannot be read (${code}), got ${JSON.stringify(path)}. Fix: give the path of a JSON or YAML file, e.g. --config conformance.yaml`);
  }
  let data: unknown;
  try {
    data = /\.json$/i.test(full) ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new ConfigError(`--config file ${JSON.stringify(path)} is not valid JSON/YAML (${why}). Fix the syntax or pass another file.`);
  }
  return parseOptionsObject(data ?? {}, 'file', path);
}

/** A random 31-bit seed (always printed, so a run can be replayed). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** Fills defaults into a merged partial configuration. */
export function withDefaults(raw: Raw): ConformanceConfig {
  return {
    baseUrl: raw.baseUrl as string | undefined,
    apiKey: raw.apiKey as string | undefined,
    otherApiKey: raw.otherApiKey as string | undefined,
    inactiveApiKey: raw.inactiveApiKey as string | undefined,
    seed: (raw.seed as number | undefined) ?? randomSeed(),
    numRuns: (raw.numRuns as number | undefined) ?? DEFAULTS.numRuns,
    only: (raw.only as string[] | undefined) ?? [],
    disable: (raw.disable as string[] | undefined) ?? [],
    strict: (raw.strict as boolean | undefined) ?? false,
    reportDir: raw.reportDir as string | undefined,
    maxRps: raw.maxRps as number | undefined,
    timeoutMs: (raw.timeoutMs as number | undefined) ?? DEFAULTS.timeoutMs,
    maxRequests: (raw.maxRequests as number | undefined) ?? DEFAULTS.maxRequests,
    maxDurationMs: raw.maxDurationMs as number | undefined,
    format: (raw.format as ConsoleFormat | undefined) ?? 'console',
    quiet: (raw.quiet as boolean | undefined) ?? false,
    v2ProbeRequests: raw.v2ProbeRequests as number | undefined,
    mockRecords: (raw.mockRecords as number | undefined) ?? DEFAULTS.mockRecords,
    mockNow: raw.mockNow as string | undefined,
    mockSeed: (raw.mockSeed as number | undefined) ?? DEFAULTS.mockSeed,
    mockFaults: (raw.mockFaults as string[] | undefined) ?? [],
    mockV2RateLimit: raw.mockV2RateLimit as number | undefined,
    configFile: raw.configFile as string | undefined,
  };
}

function buildProgram(): Command {
  const program = new Command('crosschain-conformance')
    .description('Checks that a server keeps the cross-chain settlement API contract (schemas and semantics).')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    .allowExcessArguments(false)
    .helpOption('-h, --help', 'show this help');
  const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];
  program.addOption(new Option('--config <file>', 'JSON or YAML file of options (keys as in the results.json config)'));
  for (const field of FIELDS) {
    const arg = field.kind === 'bool' ? '' : field.kind === 'list' ? ' <value>' : ' <value>';
    const opt = new Option(`${field.flag}${arg}`, `${describe(field)} (env ${field.env})`);
    if (field.kind === 'list') opt.argParser(collect);
    program.addOption(opt);
    if (field.kind === 'bool') program.addOption(new Option(`--no-${field.flag.slice(2)}`).hideHelp());
  }
  program.version(kitVersion(), '-V, --version');
  return program;
}

function describe(field: FieldSpec): string {
  const text: Record<string, string> = {
    baseUrl: 'base URL of the target; default: the embedded reference server',
    apiKey: 'API key (x-api-key) of the primary integrator',
    otherApiKey: 'API key of a second integrator (authenticated-data ownership checks)',
    inactiveApiKey: 'an inactive (revoked) key, to check that it is refused',
    seed: 'seed of the property runs; default: random, always printed',
    numRuns: `runs per property (default ${DEFAULTS.numRuns})`,
    only: 'run only these checks: id or id prefix, comma list, repeatable',
    disable: 'turn these checks off (outcome disabled): id or prefix, comma list, repeatable',
    strict: 'SHOULD violations fail instead of warn',
    reportDir: 'write results.json, junit.xml, summary.md and report.html there',
    maxRps: `requests per second (default ${DEFAULTS.externalMaxRps} against a base URL, unlimited embedded)`,
    timeoutMs: `request timeout (default ${DEFAULTS.timeoutMs})`,
    maxRequests: `bound on requests of the run (default ${DEFAULTS.maxRequests})`,
    maxDurationMs: 'bound on the wall time of the run (default none)',
    format: 'console output: console (default) or json (results.json on stdout)',
    quiet: 'print only the summary',
    v2ProbeRequests: `v2 requests the rate-limit probe may send (default ${DEFAULTS.embeddedV2ProbeRequests} embedded, 0 against a URL: only examine 429s seen)`,
    mockRecords: `embedded target: records of the data set (default ${DEFAULTS.mockRecords})`,
    mockNow: "embedded target: the server's clock (ISO 8601)",
    mockSeed: `embedded target: data set seed (default ${DEFAULTS.mockSeed})`,
    mockFaults: 'embedded target: inject a fault of the reference server (repeatable; self-tests)',
    mockV2RateLimit: `embedded target: v2 requests per minute per key, 0 = unlimited (default ${DEFAULTS.embeddedV2RateLimit} from 2026-09-01 by the server's clock, none before)`,
  };
  return text[field.key] ?? field.key;
}

let cachedVersion: string | undefined;
/** The kit's version from its package.json. */
export function kitVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    cachedVersion = pkg.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}

/** Help text of the CLI. */
export function helpText(): string {
  return buildProgram().helpInformation();
}

/** Parses argv (without node and script) into the flag layer, or throws. */
export function parseArgv(argv: readonly string[]): Raw & { config?: string } {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const program = buildProgram();
  try {
    program.parse(args, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help') throw new HelpRequested(program.helpInformation());
      if (err.code === 'commander.version') throw new HelpRequested(`${kitVersion()}\n`);
      const msg = err.message.replace(/^error: /, '').replace(/\n.*$/s, '');
      throw new ConfigError(`${msg}. Run crosschain-conformance --help for the options.`);
    }
    throw err;
  }
  const opts = program.opts<Record<string, unknown>>();
  const out: Raw & { config?: string } = {};
  if (typeof opts.config === 'string') out.config = opts.config;
  for (const field of FIELDS) {
    const camel = field.flag.slice(2).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const value = opts[camel];
    if (value === undefined) continue;
    out[field.key] = coerce(field, value, 'flag');
  }
  return out;
}

/** Resolves the effective configuration: flags > env > file > defaults. */
export function resolveConfig(input: { argv: readonly string[]; env?: NodeJS.ProcessEnv; cwd?: string }): ConformanceConfig {
  const env = input.env ?? {};
  const cwd = input.cwd ?? process.cwd();
  const flags = parseArgv(input.argv);
  const fromEnv = parseEnv(env);
  const configPath = flags.config ?? (env.CONFORMANCE_CONFIG || undefined);
  const fromFile = configPath ? { ...readConfigFile(configPath, cwd), configFile: configPath } : {};
  const { config: _ignored, ...flagValues } = flags;
  void _ignored;
  return withDefaults({ ...fromFile, ...fromEnv, ...flagValues });
}

/** The configuration as printed and stored: secrets replaced by `<redacted>`. */
export function redactConfig(config: ConformanceConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) {
    if (v === undefined) continue;
    const field = FIELD_BY_KEY.get(k as keyof ConformanceConfig);
    out[k] = field?.secret ? '<redacted>' : v;
  }
  return out;
}

/** The secrets of a configuration (for redaction of any text the kit emits). */
export function secretsOf(config: Pick<ConformanceConfig, 'apiKey' | 'otherApiKey' | 'inactiveApiKey'>): string[] {
  return [config.apiKey, config.otherApiKey, config.inactiveApiKey].filter((s): s is string => typeof s === 'string' && s !== '');
}
