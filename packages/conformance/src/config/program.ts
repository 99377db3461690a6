/**
 * The one command-line parser of the kit: commander, built from the tables of
 * fields.ts for the default run ({@link FIELDS} and {@link CONFIG_OPTION}) and for every subcommand
 * ({@link COMMAND_LINES}), so each flag has its environment variable and its help, shown together
 * in `--help`. A usage error is a {@link ConfigError} (exit 2) on one line; `--help` and
 * `--version` are a {@link HelpRequested} with the text to print (exit 0).
 */
import { Command, CommanderError, Option } from 'commander';
import { DEFAULTS } from './defaults.js';
import { COMMAND_LINES, CONFIG_OPTION, ConfigError, FIELDS, HelpRequested } from './fields.js';
import type { CommandName, FieldSpec, OptionSpec } from './fields.js';

export const PROGRAM = 'crosschain-conformance';

const HELP_VALUES: Record<string, string | number> = { ...DEFAULTS, maxDurationMinutes: DEFAULTS.maxDurationMs / 60_000 };

/** The help of a field or an option, its `{name}` placeholders filled with the defaults. */
export function helpOf(spec: Pick<FieldSpec | OptionSpec, 'help'>): string {
  return spec.help.replace(/\{(\w+)\}/g, (whole, name: string) => String(HELP_VALUES[name] ?? whole));
}

/** A field of the run as an option of the command line. */
function optionOfField(field: FieldSpec): OptionSpec & { short?: string; hidden?: boolean } {
  return {
    flag: field.flag,
    env: field.env,
    ...(field.kind === 'bool' ? {} : { value: '<value>' }),
    help: field.help,
    ...(field.kind === 'list' || field.kind === 'header' ? { repeatable: true } : {}),
    ...(field.short ? { short: field.short } : {}),
    ...(field.alias ? { hidden: true } : {}),
  };
}

/** Every option of the default run (`--config` first, then {@link FIELDS}). */
export function runOptions(): Array<OptionSpec & { short?: string; hidden?: boolean }> {
  return [CONFIG_OPTION, ...FIELDS.map(optionOfField)];
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A commander program over these options: help with each option's env variable, no output of its own, errors thrown. */
function program(name: string, options: ReadonlyArray<OptionSpec & { short?: string; hidden?: boolean }>, extra: { description: string; args?: string }): Command {
  const cmd = new Command(name).description(extra.description).exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined }).helpOption('-h, --help', 'show this help');
  if (extra.args) cmd.argument(extra.args);
  else cmd.allowExcessArguments(false);
  for (const spec of options) {
    const opt = new Option(`${spec.short ? `${spec.short}, ` : ''}${spec.flag}${spec.value ? ` ${spec.value}` : ''}`, `${helpOf(spec)} (env ${spec.env})`);
    if (spec.repeatable) opt.argParser(collect);
    if (spec.hidden) opt.hideHelp();
    cmd.addOption(opt);
    if (!spec.value) cmd.addOption(new Option(`--no-${spec.flag.slice(2)}`).hideHelp());
  }
  return cmd;
}

/** Parses `args` with `cmd`: a usage error becomes a one-line {@link ConfigError} pointing at `helpCommand`, help a {@link HelpRequested}. */
function parseWith(cmd: Command, args: readonly string[], helpCommand: string, version?: string): void {
  try {
    cmd.parse([...args], { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help') throw new HelpRequested(cmd.helpInformation());
    if (err.code === 'commander.version' && version !== undefined) throw new HelpRequested(`${version}\n`);
    const msg = err.message.replace(/^error: /, '').replace(/\n.*$/s, '').replace(/\.$/, '');
    throw new ConfigError(`${msg}. Run ${helpCommand} --help for the options.`);
  }
}

/** The default run's command line: the options given as flags, by attribute name (`--num-runs` → `numRuns`), and `config`. */
export function parseRunArgs(argv: readonly string[], version: string): Record<string, unknown> {
  const cmd = program(PROGRAM, runOptions(), { description: 'Checks that a server keeps the cross-chain settlement API contract (schemas and semantics).' });
  cmd.version(version, '-V, --version');
  parseWith(cmd, argv[0] === '--' ? argv.slice(1) : argv, PROGRAM, version);
  return cmd.opts<Record<string, unknown>>();
}

/** What a subcommand's command line gives: its positional arguments and each option's value (flag, else env), by attribute name. */
export interface ParsedCommandLine {
  args: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

/** The attribute name of a flag, as commander gives it (`--report-dir` → `reportDir`). */
export function attributeOf(flag: string): string {
  return flag.slice(2).replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A switch's value from its environment variable. */
function envSwitch(spec: OptionSpec, text: string): boolean {
  const v = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${spec.env} must be true or false, got ${JSON.stringify(text)}. Example: ${spec.env}=true (or ${spec.flag})`);
}

/** The parser of one subcommand (its --help text included). */
export function commandProgram(name: CommandName): Command {
  const line = COMMAND_LINES[name];
  return program(`${PROGRAM} ${name}`, line.options, line);
}

/** Parses a subcommand's arguments: flags first, then each option's environment variable. */
export function parseCommandLine(name: CommandName, argv: readonly string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  const cmd = commandProgram(name);
  parseWith(cmd, argv, `${PROGRAM} ${name}`);
  const opts = cmd.opts<Record<string, string | boolean | string[] | undefined>>();
  const values: ParsedCommandLine['values'] = {};
  for (const spec of COMMAND_LINES[name].options as readonly OptionSpec[]) {
    const key = attributeOf(spec.flag);
    const fromEnv = env[spec.env];
    if (opts[key] !== undefined) values[key] = opts[key];
    else if (fromEnv !== undefined && fromEnv !== '') {
      values[key] = !spec.value ? envSwitch(spec, fromEnv) : spec.repeatable ? fromEnv.split(',').map((s) => s.trim()).filter(Boolean) : fromEnv;
    }
  }
  return { args: [...cmd.args], values };
}
