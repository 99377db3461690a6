/**
 * The command line of a mutation pass (run.mjs, constants.mjs): `--name value`, `--name=value`, or
 * one of `switches` standing alone. Throws with the flag named.
 */
export function parseFlags(argv, defaults, switches) {
  const out = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--') continue;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${JSON.stringify(a)}`);
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (!(name in defaults)) throw new Error(`unknown flag --${name} (known: ${Object.keys(defaults).map((f) => `--${f}`).join(', ')})`);
    if (switches.includes(name)) {
      out[name] = true;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    out[name] = value;
  }
  return out;
}
