/**
 * Keeps API keys and `-H` values out of every text the kit emits (ARCHITECTURE.md, "Rules that keep
 * the kit honest"): one redactor for every encoding a target can
 * echo a secret back in.
 */

export const REDACTED = '<redacted>';

/** Shortest secret redacted in its encoded forms: a 1-character "secret" would eat every text. */
const MIN_ENCODED_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/**
 * One character of a secret in any of its textual spellings, case-insensitively: itself, its
 * percent-encoding (`%41`, also `+` for a space), its JSON/JS escape (`\u0041`, `\x41`) or an HTML
 * character reference (`&#65;`, `&#x41;`).
 */
function charPattern(ch: string): string {
  const code = ch.codePointAt(0)!;
  const forms = new Set<string>([escapeRegExp(ch)]);
  if (code < 0x80) forms.add(`%${hex(code, 2)}`);
  else for (const byte of Buffer.from(ch, 'utf8')) forms.add(`%${hex(byte, 2)}`);
  if (ch === ' ') forms.add('\\+');
  if (code <= 0xffff) forms.add(`\\\\u${hex(code, 4)}`);
  if (code < 0x100) forms.add(`\\\\x${hex(code, 2)}`);
  forms.add(`&#0*${code};`);
  forms.add(`&#x0*${code.toString(16)};`);
  return `(?:${[...forms].join('|')})`;
}

/** The secret spelled in any mix of the forms of {@link charPattern}, in any letter case. */
function textualPattern(secret: string): string {
  return [...secret].map(charPattern).join('');
}

/**
 * The secret base64-encoded (standard or URL alphabet, padded or not) inside a longer encoded text:
 * the three alignments of its bytes, without the characters its neighbours share.
 */
function base64Patterns(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const skip = shift === 0 ? 0 : shift + 1;
    const fullEnd = Math.floor((shift + bytes.length) / 3) * 4;
    const core = encoded.slice(skip, fullEnd);
    if (core.length < MIN_ENCODED_LENGTH) continue;
    out.push(core);
    out.push(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/** `text` as a pattern of either ASCII letter case (and the Kelvin sign and long s, which the `iu` flags fold to k and s). */
function anyCase(text: string): string {
  return [...text]
    .map((ch) => {
      const lower = ch.toLowerCase();
      const upper = ch.toUpperCase();
      if (lower === upper) return escapeRegExp(ch);
      return `[${lower}${upper}${lower === 'k' ? '\u212a' : ''}${lower === 's' ? '\u017f' : ''}]`;
    })
    .join('');
}

/**
 * A test every text that holds one of the ASCII `secrets` in some form passes (the kit's
 * CPU per run, two quick scans of a 300 KB page instead of lowercasing it and searching each form):
 * a secret spelled out in some letter case or one of its base64 forms; or, in a text with an escape
 * introducer (`%`, `\`, `&`, and `+` for a secret with a space), an escaped form of one of the
 * secrets' characters (a textual match with an escape holds one) or `%25` (double percent-encoding).
 * Undefined when a secret is not ASCII: then the patterns always run.
 */
function prefilter(secrets: readonly string[], encoded: readonly string[]): ((text: string) => boolean) | undefined {
  if (secrets.some((s) => /[^\x20-\x7e]/.test(s))) return undefined;
  const chars = [...new Set(secrets.filter((s) => s.length >= MIN_ENCODED_LENGTH).flatMap((s) => [...s]))];
  const forms = new Set<string>(['%25']);
  for (const ch of chars) {
    const code = ch.charCodeAt(0);
    forms.add(`%${anyCase(hex(code, 2))}`);
    forms.add(`\\\\[uU]${anyCase(hex(code, 4))}`);
    forms.add(`\\\\[xX]${anyCase(hex(code, 2))}`);
    forms.add(`&#0*${code};`);
    forms.add(`&#[xX]0*${anyCase(code.toString(16))};`);
    if (ch === ' ') forms.add('\\+');
  }
  // One pattern of plain alternatives scans fast; the escaped forms (many alternatives, each with
  // its own first character) only run on a text that has an introducer at all.
  const plain = new RegExp([...secrets.map(anyCase), ...encoded.map(escapeRegExp)].join('|'));
  const introducer = chars.includes(' ') ? /[%\\&+]/ : /[%\\&]/;
  const escaped = new RegExp([...forms].join('|'));
  return (text) => plain.test(text) || (introducer.test(text) && escaped.test(text));
}

/** How a {@link redactor} matches. */
export interface RedactorOptions {
  fastPaths?: boolean;
  /**
   * Only where the secret stands whole: not next to a letter or digit, so that a short
   * key (`k`, `1`) never eats the characters of other words; its base64 forms (which sit inside
   * longer encoded text) only for a secret of {@link MIN_WHOLE_ENCODED_LENGTH} characters or more.
   */
  whole?: boolean;
}

/** Shortest secret whose base64 forms a whole-standing redactor looks for inside longer text. */
const MIN_WHOLE_ENCODED_LENGTH = 8;

/**
 * Returns a function that replaces each secret with `<redacted>` wherever it appears: raw,
 * percent-encoded (any characters, `+` for spaces), JSON- or JS-escaped (`\uXXXX`, `\xXX`), as
 * HTML character references, in any letter case, any mix of these, and base64 (standard and URL
 * alphabets, at any byte alignment). Double-percent-encoded forms are caught after one decoding
 * pass of `%25`.
 */
export function redactor(secrets: readonly string[], options: RedactorOptions = {}): (text: string) => string {
  const fast = options.fastPaths ?? true;
  const unique = [...new Set(secrets.filter((s) => typeof s === 'string' && s.length > 0))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return (text) => text;
  const textual = unique.map((s) => (s.length >= MIN_ENCODED_LENGTH ? textualPattern(s) : escapeRegExp(s)));
  const alternatives = textual.join('|');
  const caseless = new RegExp(options.whole ? `(?<![A-Za-z0-9])(?:${alternatives})(?![A-Za-z0-9])` : alternatives, 'giu');
  const minEncoded = options.whole ? MIN_WHOLE_ENCODED_LENGTH : MIN_ENCODED_LENGTH;
  const encoded = [...new Set(unique.filter((s) => s.length >= minEncoded).flatMap(base64Patterns))];
  const exact = encoded.length > 0 ? new RegExp(encoded.map(escapeRegExp).join('|'), 'g') : undefined;
  const mayHoldSecret = fast ? prefilter(unique, encoded) : undefined;
  // Fast paths (the kit's CPU per run): a text with no escape introducer can hold a
  // secret only as itself in some letter case, so a substring search of the lowercased text decides
  // whether the patterns need to run at all. `toLowerCase` folds the Kelvin sign to `k` as the `iu`
  // pattern does; the long s (U+017F), which the pattern takes for `s`, sends the text to the patterns.
  const escapes = unique.some((s) => s.includes(' ')) ? /[%\\&+\u017f]/ : /[%\\&\u017f]/;
  const lowered = unique.map((s) => s.toLowerCase());
  const mayHoldText = (text: string): boolean => {
    if (!fast || escapes.test(text)) return true;
    const lower = text.toLowerCase();
    return lowered.some((s) => lower.includes(s));
  };
  const once = (text: string): string => {
    let out = mayHoldText(text) ? text.replace(caseless, REDACTED) : text;
    if (exact && encoded.some((e) => out.includes(e))) out = out.replace(exact, REDACTED);
    return out;
  };
  return (text) => {
    if (typeof text !== 'string' || text === '') return text;
    if (mayHoldSecret && !mayHoldSecret(text)) return text;
    const out = once(text);
    if (!/%25/i.test(out)) return out;
    const undoubled = out.replace(/%25/gi, '%');
    const again = once(undoubled);
    return again === undoubled ? out : again;
  };
}

/** Redactors built so far, by their secrets (most recent last); bounded. */
const built = new Map<string, (text: string) => string>();
const BUILT_MAX = 64;

/**
 * {@link redactor} of `secrets`, built once per set of secrets and reused (a watch sees the same
 * key on every exchange: building its patterns took a fifth of the proxy's CPU per exchange).
 */
export function sharedRedactor(secrets: readonly string[], options: { whole?: boolean } = {}): (text: string) => string {
  const key = `${options.whole === true ? 'w' : ''}${JSON.stringify(secrets)}`;
  let redact = built.get(key);
  if (redact) {
    built.delete(key);
  } else {
    redact = redactor(secrets, { whole: options.whole === true });
    if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
  }
  built.set(key, redact);
  return redact;
}

/**
 * `redact` applied to a body's text without touching its structure: inside a JSON text, only in
 * its strings (never a number, a literal or the punctuation a short key's characters may spell);
 * any other text whole.
 */
export function redactBodyText(text: string, redact: (text: string) => string): string {
  if (text === '' || redact(text) === text) return text;
  try {
    JSON.parse(text);
  } catch {
    return redact(text);
  }
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (token) => `"${redact(token.slice(1, -1))}"`);
}

/** Deep-redacts strings (and object keys) of a JSON-like value. */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[redact(k)] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
