/**
 * The kit's configuration sources: flags > `CONFORMANCE_*` environment > config file (JSON or
 * YAML) > defaults (ARCHITECTURE.md, "Interfaces that other tools rely on"). The option table is in
 * fields.ts, value validation in validate.ts, defaults in defaults.ts and
 * redaction in redact.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { packageDir } from '../package-dir.cjs';
import { parse as parseYaml } from 'yaml';
import { withDefaults } from './defaults.js';
import { CONFIG_OPTION, ConfigError, FIELDS } from './fields.js';
import type { ConformanceConfig, Raw } from './fields.js';
import { attributeOf, parseRunArgs } from './program.js';
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

let cachedVersion: string | undefined;
/** The kit's version from its package.json. */
export function kitVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string };
    cachedVersion = pkg.version ?? '0.0.0';
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}

/** Parses argv (without node and script) into the flag layer, or throws (the parser: config/program.ts). */
export function parseArgv(argv: readonly string[]): Raw & { config?: string } {
  const opts = parseRunArgs(argv, kitVersion());
  const out: Raw & { config?: string } = {};
  if (typeof opts.config === 'string') out.config = opts.config;
  for (const field of FIELDS) {
    const value = opts[attributeOf(field.flag)];
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
  const configPath = flags.config ?? (env[CONFIG_OPTION.env] || undefined) ?? (existsSync(resolvePath(cwd, DEFAULT_CONFIG_FILE)) ? DEFAULT_CONFIG_FILE : undefined);
  const fromFile = configPath ? { ...readConfigFile(configPath, cwd, env), configFile: configPath } : {};
  const { config: _ignored, ...flagValues } = flags;
  void _ignored;
  return withDefaults({ ...fromFile, ...fromEnv, ...flagValues });
}
