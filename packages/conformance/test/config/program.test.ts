/**
 * The one command-line parser (config/program.ts) walks the tables of config/fields.ts: every field
 * of the run and every option of every subcommand has a flag, an environment variable and help;
 * each `--help` lists its flags with their variables; each variable is honoured, the flag over it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { SUBCOMMANDS } from '../../src/commands/index.js';
import { COMMAND_LINES, CONFIG_OPTION, FIELDS } from '../../src/config/fields.js';
import type { CommandName, OptionSpec } from '../../src/config/fields.js';
import { attributeOf, helpOf, parseCommandLine, runOptions } from '../../src/config/program.js';
import { cliIo } from '../cli-io.js';

const NAMES = Object.keys(COMMAND_LINES) as CommandName[];
const optionsOf = (name: CommandName): readonly OptionSpec[] => COMMAND_LINES[name].options;

/** Each option entry of a commander help text (from a line starting with `-` to the next), whitespace collapsed. */
function helpEntries(text: string): string[] {
  const entries: string[] = [];
  for (const line of text.split('\n')) {
    if (/^ {2}-/.test(line)) entries.push(line.trim());
    else if (/^ {3,}\S/.test(line) && entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
    else if (line.trim() === '' || !line.startsWith(' ')) entries.push('');
  }
  return entries.filter(Boolean);
}

/** The help entry of `flag` in `text`, or undefined. */
function entryOf(text: string, flag: string): string | undefined {
  return helpEntries(text).find((e) => {
    const words = e.split(/\s+/);
    const head = words.slice(0, words.findIndex((w) => !/^(-|<)/.test(w)));
    return head.some((w) => w.replace(/,$/, '') === flag);
  });
}

function well(spec: { flag: string; env: string; help: string }): string[] {
  const problems: string[] = [];
  if (!/^--[a-z0-9][a-z0-9-]*$/.test(spec.flag)) problems.push(`${spec.flag}: not a long flag`);
  if (!/^CONFORMANCE_[A-Z0-9_]+$/.test(spec.env)) problems.push(`${spec.flag}: env ${JSON.stringify(spec.env)} is not a CONFORMANCE_* variable`);
  const help = helpOf(spec);
  if (help.trim().length < 10) problems.push(`${spec.flag}: no help`);
  if (/(?<!\$)\{\w+\}/.test(help)) problems.push(`${spec.flag}: unfilled placeholder in ${JSON.stringify(help)}`);
  return problems;
}

describe('the table of fields and options', () => {
  it('every field of the run, --config and every option of every subcommand has a flag, an env variable and help', () => {
    const all = [...FIELDS, CONFIG_OPTION, ...NAMES.flatMap(optionsOf)];
    expect(all.flatMap(well)).toEqual([]);
    expect(well({ flag: '--x', env: 'X', help: 'a {nope} b c d e' })).toHaveLength(2);
    expect(FIELDS.length).toBeGreaterThan(40);
  });

  it('within one command, flags and env variables are unique (an alias keeps its own variable)', () => {
    for (const options of [runOptions(), ...NAMES.map(optionsOf)]) {
      const flags = options.map((o) => o.flag);
      const envs = options.map((o) => o.env);
      expect(flags.filter((f, i) => flags.indexOf(f) !== i)).toEqual([]);
      expect(envs.filter((e, i) => envs.indexOf(e) !== i)).toEqual([]);
    }
  });

  it('every subcommand has its command line, and every command line its subcommand', () => {
    expect(Object.keys(SUBCOMMANDS).sort()).toEqual([...NAMES].sort());
  });
});

describe('--help', () => {
  it('the default run lists every flag (aliases hidden) with its env variable, and names the subcommands', async () => {
    const t = cliIo();
    expect(await main(['--help'], t.io)).toBe(0);
    const text = t.out.join('');
    for (const option of runOptions()) {
      const entry = entryOf(text, option.flag);
      if (option.hidden) expect(entry, option.flag).toBeUndefined();
      else expect(entry, option.flag).toContain(`(env ${option.env})`);
    }
    for (const name of NAMES) expect(text).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it.each(NAMES)('%s --help lists each of its flags with its env variable, exit 0', async (name) => {
    for (const flag of ['--help', '-h']) {
      const t = cliIo();
      expect(await main([name, flag], t.io)).toBe(0);
      const text = t.out.join('');
      expect(text).toMatch(new RegExp(`^Usage: crosschain-conformance ${name} `));
      for (const option of optionsOf(name)) expect(entryOf(text, option.flag), `${name} ${option.flag}`).toContain(`(env ${option.env})`);
      expect(t.err.join('')).toBe('');
    }
  });
});

describe('each option of a subcommand: the flag, else its env variable', () => {
  const sample = (o: OptionSpec) => (o.value === undefined ? { env: 'yes', flag: [] as string[], fromEnv: true as unknown, fromFlag: true as unknown } : o.repeatable ? { env: 'a, b', flag: ['x'], fromEnv: ['a', 'b'], fromFlag: ['x'] } : { env: 'from-env', flag: ['from-flag'], fromEnv: 'from-env', fromFlag: 'from-flag' });

  it.each(NAMES)('%s', (name) => {
    for (const option of optionsOf(name)) {
      const s = sample(option);
      const key = attributeOf(option.flag);
      expect(parseCommandLine(name, [], { [option.env]: s.env }).values[key], `${option.env}`).toEqual(s.fromEnv);
      expect(parseCommandLine(name, [], { [option.env]: '' }).values[key], `${option.env} empty`).toBeUndefined();
      expect(parseCommandLine(name, [option.flag, ...s.flag], { [option.env]: s.env }).values[key], `${option.flag} over ${option.env}`).toEqual(s.fromFlag);
      if (option.value === undefined) {
        expect(parseCommandLine(name, [`--no-${option.flag.slice(2)}`], { [option.env]: 'true' }).values[key]).toBe(false);
        expect(() => parseCommandLine(name, [], { [option.env]: 'maybe' })).toThrow(`${option.env} must be true or false, got "maybe"`);
      }
    }
  });

  it('an unknown option, a missing value, stray arguments: one line, exit 2, naming the command to ask for help', async () => {
    for (const [argv, pattern] of [
      [['proxy', '--upstream', 'http://x', '--nope'], /^error: unknown option '--nope'\. Run crosschain-conformance proxy --help for the options\.\n$/],
      [['merge-reports', 'a', '--report-dir'], /^error: option '--report-dir <out>' argument missing\. Run crosschain-conformance merge-reports --help for the options\.\n$/],
      [['webhook-receiver', '--port', '0', 'stray'], /^error: too many arguments\. Expected 0 arguments but got 1\. Run crosschain-conformance webhook-receiver --help/],
      [['audit', 'x.har', '--strict=maybe'], /^error: unknown option '--strict=maybe'\. Run crosschain-conformance audit --help/],
    ] as Array<[string[], RegExp]>) {
      const t = cliIo();
      expect(await main(argv, t.io), argv.join(' ')).toBe(2);
      expect(t.err.join('')).toMatch(pattern);
      expect(t.out.join('')).toBe('');
    }
  });
});

describe('docs/configuration.md', () => {
  const readme = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
  it('its table of the subcommands\' options is the table of fields.ts (flag, env variable, help)', () => {
    const rows = NAMES.flatMap((name) => optionsOf(name).map((o) => `| ${name} | \`${o.flag}${o.value ? ` ${o.value.replace(/\|/g, '\\|')}` : ''}\` | \`${o.env}\` | ${helpOf(o)} |`));
    const table = ['| command | flag | environment | what it does |', '|---|---|---|---|', ...rows].join('\n');
    expect(readme).toContain(table);
  });
});
