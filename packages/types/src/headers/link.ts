import { HeaderCursor } from './header-cursor.js';

/** One link-value of a `Link` header (RFC 8288 §3). */
export interface ParsedLink {
  /** The URI-Reference between `<` and `>`, exactly as sent. */
  target: string;
  /** `target` resolved against the base URL (RFC 8288 §3.1), or null when it cannot be resolved. */
  href: string | null;
  /** Relation types from `rel`, lower-cased; empty when `rel` is absent (RFC 8288 §3.3). */
  rel: string[];
  /**
   * All link-params by lower-cased name, first occurrence wins. `name*` parameters (RFC 8187
   * ext-value) are decoded and stored under their starred name.
   */
  params: Record<string, string>;
}

export interface ParseLinkOptions {
  /** Base for relative targets, normally the request URL. */
  baseUrl?: string;
}

/** tchar, RFC 9110 §5.6.2. */
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

class LinkCursor extends HeaderCursor {
  constructor(input: string) {
    super('Link', input);
  }

  /** OWS / BWS = *( SP / HTAB ), RFC 9110 §5.6.3. */
  skipWhitespace(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  /** `"<" URI-Reference ">"`. A URI-Reference may contain "," and ";", never ">". */
  target(): string {
    if (this.peek() !== '<') this.fail(this.done ? 'expected "<", found the end' : `expected "<", found ${JSON.stringify(this.peek())}`);
    const start = this.pos;
    const end = this.input.indexOf('>', start + 1);
    if (end < 0) this.fail('unterminated "<" (no closing ">")', start);
    const target = this.input.slice(start + 1, end);
    if (/[\s<"]/.test(target)) this.fail('whitespace, "<" or a quote inside <...>', start);
    this.pos = end + 1;
    return target;
  }

  token(what: string): string {
    const start = this.pos;
    while (!this.done && TCHAR.test(this.peek())) this.pos++;
    if (start === this.pos) this.fail(this.done ? `expected a ${what}, found the end` : `expected a ${what}, found ${JSON.stringify(this.peek())}`);
    return this.input.slice(start, this.pos);
  }

  /**
   * An unquoted parameter value. The grammar says `token`, but RFC 8288 Appendix B.3 (step 7.4)
   * reads up to the next ";" or ",": so `type=text/html` is accepted. Trailing OWS is dropped.
   */
  bareValue(): string {
    const start = this.pos;
    while (!this.done && this.peek() !== ';' && this.peek() !== ',') this.pos++;
    return this.input.slice(start, this.pos).replace(/[ \t]+$/, '');
  }

  /** quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE, RFC 9110 §5.6.4. */
  quotedString(): string {
    const start = this.pos;
    this.pos++;
    let out = '';
    for (;;) {
      if (this.done) this.fail('unterminated quoted string', start);
      const c = this.input[this.pos++]!;
      if (c === '"') return out;
      if (c === '\\') {
        if (this.done) this.fail('quoted string ends after a backslash', start);
        const escaped = this.input[this.pos++]!;
        if (escaped < ' ' && escaped !== '\t') this.fail('control character in quoted-pair', this.pos - 1);
        out += escaped;
      } else if ((c < ' ' && c !== '\t') || c === '\x7f') this.fail('control character in quoted string', this.pos - 1);
      else out += c;
    }
  }
}

/** RFC 8187 §3.2: ext-value = charset "'" [ language ] "'" value-chars. */
function decodeExtValue(raw: string): string | null {
  const match = /^([A-Za-z0-9!#$%&+\-^_`{}~]+)'([A-Za-z0-9-]*)'(.*)$/.exec(raw);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  const valueChars = match[3]!;
  if (!/^(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*$/.test(valueChars)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < valueChars.length; i++) {
    if (valueChars[i] === '%') {
      bytes.push(Number.parseInt(valueChars.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(valueChars.charCodeAt(i));
  }
  if (charset === 'utf-8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    } catch {
      return null;
    }
  }
  if (charset === 'iso-8859-1') return String.fromCharCode(...bytes);
  return null;
}

function resolve(target: string, baseUrl: string | undefined): string | null {
  try {
    return new URL(target, baseUrl).href;
  } catch {
    return null;
  }
}

/**
 * Parses a `Link` field value (RFC 8288 §3), including several field lines combined with ","
 * (as `Headers.get` returns them). Commas and semicolons inside `<...>` belong to the target;
 * parameter values may be tokens or quoted strings with `\` escapes; empty list elements are
 * skipped (RFC 9110 §5.6.1); a second `rel` in one link-value is ignored (RFC 8288 §3.3).
 *
 * @throws {HeaderParseError} when the value does not match the grammar
 */
export function parseLinkHeader(value: string, options: ParseLinkOptions = {}): ParsedLink[] {
  const c = new LinkCursor(value);
  const links: ParsedLink[] = [];
  for (;;) {
    // Skip empty list elements: `#rule` allows ", ,".
    while (c.peek() === ',' || c.peek() === ' ' || c.peek() === '\t') c.pos++;
    if (c.done) break;
    const target = c.target();
    // A null-prototype object: parameter names come from the network (e.g. "__proto__").
    const params = Object.create(null) as Record<string, string>;
    for (;;) {
      c.skipWhitespace();
      if (c.done || c.peek() === ',') break;
      if (c.peek() !== ';') c.fail(`expected ";" or "," after a link-value, found ${JSON.stringify(c.peek())}`);
      c.pos++;
      c.skipWhitespace();
      // Tolerate a trailing ";" before the next element or the end.
      if (c.done || c.peek() === ',') break;
      const nameAt = c.pos;
      const name = c.token('parameter name').toLowerCase();
      c.skipWhitespace();
      let paramValue = '';
      if (c.peek() === '=') {
        c.pos++;
        c.skipWhitespace();
        paramValue = c.peek() === '"' ? c.quotedString() : c.bareValue();
      }
      if (name.endsWith('*')) {
        paramValue = decodeExtValue(paramValue) ?? c.fail(`"${name}" is not a valid RFC 8187 ext-value`, nameAt);
      }
      if (!(name in params)) params[name] = paramValue;
    }
    const rel = (params.rel ?? '')
      .split(/[ \t]+/)
      .filter((r) => r !== '')
      .map((r) => (/^[a-z][a-z0-9.-]*$/i.test(r) ? r.toLowerCase() : r));
    links.push({ target, href: resolve(target, options.baseUrl), rel, params });
  }
  return links;
}

/** The first link whose `rel` contains `relation` (compared case-insensitively), or undefined. */
export function findLink(links: readonly ParsedLink[], relation: string): ParsedLink | undefined {
  const wanted = relation.toLowerCase();
  return links.find((link) => link.rel.includes(wanted));
}
