/**
 * The kit's configuration sources: flags > `CONFORMANCE_*` environment > config file (JSON or
 * YAML) > defaults (architecture.md, "Interfaces that other tools rely on"). The option table is in
 * fields.ts, value validation in validate.ts, defaults in defaults.ts and
 * redaction in redact.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { DEFAULTS, withDefaults } from './defaults.js';
import { ConfigError, FIELDS, HelpRequested } from './fields.js';
import type { ConformanceConfig, FieldSpec, Raw } from './fields.js';
import { coerce, parseOptionsObject } from './validate.js';

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

/** The config file read when neither --config nor CONFORMANCE_CONFIG names one (in the working directory). */
export const DEFAULT_CONFIG_FILE = 'conformance.yaml';

/**
 * Replaces `${NAME}` in every string of a config file by the environment variable NAME; an unset
 * variable is a {@link ConfigError} naming it (`$${NAME}` keeps a literal `${NAME}`).
 */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv, file: string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$?\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
      if (whole.startsWith('$$')) return whole.slice(1);
      const v = env[name];
      if (v === undefined) throw new ConfigError(`config file ${JSON.stringify(file)} uses \${${name}}, but the environment variable ${name} is not set. Fix: export ${name}, or remove it from the file.`);
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolateEnv(v, env, file));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, file)]));
  return value;
}

/** Reads a JSON or YAML config file, with `${ENV}` interpolation. */
export function readConfigFile(path: string, cwd: string, env: NodeJS.ProcessEnv = {}): Raw {
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
  return parseOptionsObject(interpolateEnv(data ?? {}, env, path), 'file', path);
}

function buildProgram(): Command {
  const program = new Command('crosschain-conformance')
    .description('Checks that a server keeps the cross-chain settlement API contract (schemas and semantics).')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined })
    .allowExcessArguments(false)
    .helpOption('-h, --help', 'show this help');
  const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];
  program.addOption(new Option('--config <file>', `JSON or YAML file of options (keys as in the results.json config; \${ENV} interpolated); default: ${DEFAULT_CONFIG_FILE} in the working directory, if present`));
  for (const field of FIELDS) {
    const arg = field.kind === 'bool' ? '' : field.kind === 'list' ? ' <value>' : ' <value>';
    const opt = new Option(`${field.short ? `${field.short}, ` : ''}${field.flag}${arg}`, `${describeField(field)} (env ${field.env})`);
    if (field.kind === 'list' || field.kind === 'header') opt.argParser(collect);
    if (field.alias) opt.hideHelp();
    program.addOption(opt);
    if (field.kind === 'bool') program.addOption(new Option(`--no-${field.flag.slice(2)}`).hideHelp());
  }
  program.version(kitVersion(), '-V, --version');
  return program;
}

/** The help text of an option (also the description in config.schema.json). */
export function describeField(field: FieldSpec): string {
  const text: Record<string, string> = {
    baseUrl: 'base URL of the target; default: the embedded reference server (with --target: the origin the handler sees)',
    target: 'in-process target, no port: <module>[#<export>], a fetch handler (request) => Response exported by a JavaScript module (default export, an object with fetch, or route exports GET/POST…)',
    apiKey: 'API key (x-api-key) of the primary integrator',
    otherApiKey: 'API key of a second integrator (authenticated-data ownership checks)',
    inactiveApiKey: 'an inactive (revoked) key, to check that it is refused',
    seed: 'seed of the property runs; default: random, always printed',
    numRuns: `runs per property (default ${DEFAULTS.numRuns})`,
    only: 'run only these checks: id, family, dot-bounded prefix or glob (*), comma list, repeatable',
    disable: 'turn these checks off (outcome disabled): id or prefix, comma list, repeatable',
    skip: 'leave these checks out: id, family, dot-bounded prefix or glob (*), comma list, repeatable',
    maxFailures: 'stop after this many failures; the remaining checks skip (default: no limit)',
    listChecks: 'print every selected check (id, family, level, clauses) and exit',
    baseline: 'YAML file of known failures: they report as known and do not fail the run',
    writeBaseline: "write this run's failures to a baseline file (reason TODO, expiry in 90 days)",
    record: 'write every exchange of the run as HAR 1.2 to this file (keys redacted)',
    shard: 'i/n: run only shard i of n (deterministic, balanced by recorded cost)',
    strict: 'SHOULD violations fail instead of warn',
    allowIncomplete: 'exit 0 even when MUST checks could not run for lack of --api-key/--other-api-key',
    certify: 'certification mode: any skipped MUST check fails the run (exit 1)',
    require: 'coverage gate: must (MUST clauses) or should (MUST and SHOULD): a run that left one unjudged (no data, a selection, a budget) is inconclusive, exit 5',
    window: "pin discovery's data window, <start>..<end> in Unix seconds (replay lines set it)",
    reportDir: 'write results.json, junit.xml, summary.md and report.html there',
    maxRps: `requests per second (default ${DEFAULTS.externalMaxRps} against a base URL, unlimited embedded)`,
    workers: 'checks in flight at once, or auto (default): ceil(max-rps / 5) + 2 within 2..16, 4 without a rate; results do not depend on it',
    timeoutMs: `request timeout (default ${DEFAULTS.timeoutMs})`,
    maxRequests: `bound on requests of the run (default ${DEFAULTS.maxRequests})`,
    maxDurationMs: `bound on the wall time of the run, e.g. 90s, 15m, 1h (default ${DEFAULTS.maxDurationMs / 60_000}m; --max-duration-ms <n> still works); when spent, the rest is skipped, exit 5`,
    maxBodyBytes: `cap on one response body after decompression, in bytes (default ${DEFAULTS.maxBodyBytes}); a bigger body is a failure of its check`,
    headers: "extra request header 'name: value' (repeatable; env: one per line), sent only to the target's origin, redacted like the key",
    format: 'console output: console (default) or json (results.json on stdout)',
    quiet: 'print only the summary',
    verbose: 'print the effective configuration (keys redacted) before the run',
    v2ProbeRequests: `v2 requests the rate-limit probe may send (default ${DEFAULTS.embeddedV2ProbeRequests} embedded, 0 against a URL: only examine 429s seen)`,
    mockRecords: `embedded target: records of the data set (default ${DEFAULTS.mockRecords})`,
    mockNow: "embedded target: the server's clock (ISO 8601)",
    mockSeed: `embedded target: data set seed (default ${DEFAULTS.mockSeed})`,
    mockFaults: 'embedded target: inject a fault of the reference server (repeatable; self-tests)',
    mockVariants: 'embedded target: switch on an allowed variation of the reference server (repeatable; self-tests)',
    mockV2RateLimit: `embedded target: v2 requests per minute per key, 0 = unlimited (default ${DEFAULTS.embeddedV2RateLimit} from 2026-09-01 by the server's clock, none before)`,
  };
  return text[field.key] ?? field.key;
}

let cachedVersion: string | undefined;
/** The kit's version from its package.json. */
export function kitVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    cachedVersion = pkg.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
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
  const configPath = flags.config ?? (env.CONFORMANCE_CONFIG || undefined) ?? (existsSync(resolvePath(cwd, DEFAULT_CONFIG_FILE)) ? DEFAULT_CONFIG_FILE : undefined);
  const fromFile = configPath ? { ...readConfigFile(configPath, cwd, env), configFile: configPath } : {};
  const { config: _ignored, ...flagValues } = flags;
  void _ignored;
  return withDefaults({ ...fromFile, ...fromEnv, ...flagValues });
}
