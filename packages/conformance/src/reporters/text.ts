/**
 * Text helpers shared by the reporters: escaping for XML/HTML/Markdown, truncation, JSON that never
 * throws, and a last line of defence against secrets. All pure.
 */

import { REDACTED } from '../contract/redact.js';

/** Config keys whose values are secrets, whatever the engine left in them. */
const SECRET_KEY = /(api[-_]?key|secret|token|password|authori[sz]ation|cookie)/i;

/** Header names whose values are secrets. */
const SECRET_HEADER = /^(x-api-key|authorization|proxy-authorization|cookie|set-cookie)$/i;

/**
 * A secret-bearing header inside a curl command line or a free text, e.g. `-H 'x-api-key: abc'` or
 * `x-api-key: abc`. The value ends at a quote or a line end. A reference to the kit's key variable
 * (`"x-api-key: $CONFORMANCE_API_KEY"`, the printed curl lines) is no secret and stays.
 */
const SECRET_HEADER_IN_TEXT = /\b(x-api-key|authorization|proxy-authorization|cookie)([ \t]*:[ \t]*)(?![ \t]|<redacted>|\$CONFORMANCE_[A-Z_]+")([^'"\r\n]+)/gi;

/** True when a config key names a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Replaces secret header values inside a text (curl lines, messages). Idempotent. */
export function redactText(text: string): string {
  return text.replace(SECRET_HEADER_IN_TEXT, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`);
}

/** A copy of a header map with secret values replaced. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SECRET_HEADER.test(k) && v !== REDACTED ? REDACTED : redactText(String(v));
  return out;
}

/**
 * A copy of a configuration object with every secret-named string value replaced (recursively),
 * and keys sorted so the output is stable. Non-secret values are kept.
 */
export function redactConfig(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactConfig(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (isSecretKey(key) && v !== undefined && v !== null && v !== false && v !== REDACTED && typeof v !== 'boolean') {
      out[key] = REDACTED;
    } else {
      out[key] = redactConfig(v, depth + 1);
    }
  }
  return out;
}

/** Cuts a text to `max` characters (code points kept whole), saying how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}… [${text.length - cut} more characters]`;
}

/**
 * Converts a value to something JSON.stringify accepts and that reads the same everywhere: bigint
 * as `123n`, cycles as `[Circular]`, functions and symbols as their description, Dates as ISO, Maps
 * and Sets as arrays, `undefined` in arrays as null; object keys in insertion order.
 */
export function toJsonSafe(value: unknown, seen: WeakSet<object> = new WeakSet(), depth = 0): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return `${value}n`;
    case 'undefined':
      return undefined;
    case 'function':
      return `[Function ${(value as { name?: string }).name || 'anonymous'}]`;
    case 'symbol':
      return String(value);
    default:
      break;
  }
  const obj = value as object;
  if (depth > 50) return '[Too deep]';
  if (seen.has(obj)) return '[Circular]';
  if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? 'Invalid Date' : obj.toISOString();
  seen.add(obj);
  try {
    if (Array.isArray(obj)) return obj.map((v) => toJsonSafe(v, seen, depth + 1) ?? null);
    if (obj instanceof Map) return [...obj.entries()].map(([k, v]) => [toJsonSafe(k, seen, depth + 1), toJsonSafe(v, seen, depth + 1)]);
    if (obj instanceof Set) return [...obj].map((v) => toJsonSafe(v, seen, depth + 1));
    if (obj instanceof Error) return { name: obj.name, message: obj.message };
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) {
      const safe = toJsonSafe(v, seen, depth + 1);
      if (safe !== undefined) out[k] = safe;
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

/** JSON text of any value, never throwing (see {@link toJsonSafe}); `indent` as in JSON.stringify. */
export function safeJson(value: unknown, indent?: number): string {
  const safe = toJsonSafe(value);
  return safe === undefined ? 'undefined' : JSON.stringify(safe, null, indent);
}

/**
 * Characters XML 1.0 forbids anywhere (§2.2 Char): C0 controls except tab/LF/CR, lone surrogates,
 * U+FFFE and U+FFFF. They are shown as `\uXXXX` so nothing is silently lost.
 */
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what it matches
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function showInvalid(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Escapes character data of an XML element. */
export function xmlText(text: string): string {
  return text
    .replace(XML_INVALID, showInvalid)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Escapes an XML attribute value (double-quoted); line breaks and tabs survive attribute normalisation. */
export function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function htmlEscape(text: string): string {
  return text
    .replace(XML_INVALID, showInvalid)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Escapes inline Markdown (GitHub flavour) so target data cannot inject HTML, links, tables or
 * emphasis; line breaks become `<br>` so a table cell stays on one row.
 */
export function mdInline(text: string): string {
  return text
    .replace(XML_INVALID, showInvalid)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1')
    .replace(/\r?\n/g, '<br>');
}

/** An inline code span for kit-controlled identifiers (check ids, operations, clause ids). */
export function mdCode(text: string): string {
  const clean = text.replace(XML_INVALID, showInvalid).replace(/\r?\n/g, ' ');
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const padded = clean.startsWith('`') || clean.endsWith('`') ? ` ${clean} ` : clean;
  return `${ticks}${padded.replace(/\|/g, '\\|')}${ticks}`;
}

/** A fenced Markdown code block whose fence is longer than any backtick run inside. */
export function mdFence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(XML_INVALID, showInvalid)}\n${fence}`;
}

/** Human duration: `850 ms`, `12.3 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

/**
 * Display width of a string in a monospace terminal: East Asian wide and emoji count two columns,
 * combining marks zero. Good enough for aligning tables of ids and family names.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if ((cp >= 0x300 && cp <= 0x36f) || cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    if (
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1f300 && cp <= 0x1faff) ||
      (cp >= 0x20000 && cp <= 0x3fffd)
    ) {
      width += 2;
    } else {
      width += 1;
    }
  }
  return width;
}

/** Pads to a display width (left-aligned, or right-aligned with `right`). */
export function pad(text: string, width: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** Indents every line after the first by `indent` (for multi-line values under a label). */
export function hangingIndent(text: string, indent: string): string {
  return text.replace(/\r?\n/g, `\n${indent}`);
}

/** Applies {@link redactText} to every string of a value (cycles kept, other values as they are). */
function redactStrings(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const v of value) out.push(redactStrings(v, seen));
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) {
    out[k] = k.toLowerCase() === 'headers' && v && typeof v === 'object' && !Array.isArray(v) ? redactHeaders(v as Record<string, string>) : redactStrings(v, seen);
  }
  return out;
}

/**
 * The last line of defence every reporter applies before rendering: a copy of the run result with
 * secret-named config values, secret headers and `x-api-key: …` / `Authorization: …` in any text
 * replaced by `<redacted>`. The engine redacts already (by the secrets' values); this guards against
 * a slip there, by shape. The renderers read the sanitized copy and redact no field again.
 */
export function sanitizeResult<T extends { config: Record<string, unknown> }>(result: T): T {
  const copy = sanitizeValue(result);
  return { ...copy, config: redactConfig(copy.config ?? {}) as Record<string, unknown> };
}

/** {@link redactText} over every string of a value, secret headers hidden (a copy). */
export function sanitizeValue<T>(value: T): T {
  return redactStrings(value, new WeakMap()) as T;
}
