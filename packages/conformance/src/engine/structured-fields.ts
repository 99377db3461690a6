/**
 * A small strict parser of the RFC 9651 (Structured Field Values) Lists and Dictionaries the
 * rate-limit headers use (draft-ietf-httpapi-ratelimit-headers: `RateLimit: "default";r=50;t=30`,
 * the older `RateLimit: limit=100, remaining=50, reset=5`). Items are integers, decimals, strings,
 * tokens and booleans with parameters; inner lists, byte sequences, dates and display strings are
 * refused. Anything malformed throws {@link StructuredFieldError}: the caller then ignores the field
 * (RFC 9651 §4.2: a field that fails parsing is ignored as a whole).
 */

export type BareItem = number | string | boolean | { token: string };

export interface Item {
  value: BareItem;
  params: ReadonlyMap<string, BareItem>;
}

/** A field value that is not the List or Dictionary RFC 9651 §4.2 describes. */
export class StructuredFieldError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StructuredFieldError';
  }
}

const KEY = /^[a-z*][a-z0-9_\-.*]*/;
const TOKEN = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/;
const NUMBER = /^-?\d+(\.\d+)?/;

class Reader {
  constructor(private rest: string) {}

  get done(): boolean {
    return this.rest.length === 0;
  }

  peek(): string {
    return this.rest[0] ?? '';
  }

  take(n = 1): string {
    const head = this.rest.slice(0, n);
    this.rest = this.rest.slice(n);
    return head;
  }

  match(re: RegExp): string | undefined {
    const m = re.exec(this.rest);
    if (!m) return undefined;
    this.take(m[0].length);
    return m[0];
  }

  skip(chars: RegExp): void {
    while (!this.done && chars.test(this.peek())) this.take();
  }

  fail(what: string): never {
    throw new StructuredFieldError(`${what} at ${JSON.stringify(this.rest.slice(0, 20))}`);
  }
}

function bareItem(r: Reader): BareItem {
  const c = r.peek();
  if (c === '"') {
    r.take();
    let out = '';
    for (;;) {
      if (r.done) r.fail('unterminated string');
      const ch = r.take();
      if (ch === '"') return out;
      if (ch === '\\') {
        const next = r.take();
        if (next !== '"' && next !== '\\') r.fail('bad escape in a string');
        out += next;
      } else if (ch < ' ' || ch > '~') {
        r.fail('a character outside printable ASCII in a string');
      } else {
        out += ch;
      }
    }
  }
  if (c === '?') {
    r.take();
    const b = r.take();
    if (b !== '0' && b !== '1') r.fail('bad boolean');
    return b === '1';
  }
  const num = r.match(NUMBER);
  if (num !== undefined) {
    const [int, frac] = num.replace('-', '').split('.');
    if (frac === undefined ? int!.length > 15 : int!.length > 12 || frac.length > 3) r.fail('number out of range');
    return Number(num);
  }
  const token = r.match(TOKEN);
  if (token !== undefined) return { token };
  return r.fail('unsupported item');
}

function params(r: Reader): Map<string, BareItem> {
  const out = new Map<string, BareItem>();
  while (r.peek() === ';') {
    r.take();
    r.skip(/ /);
    const key = r.match(KEY) ?? r.fail('bad parameter key');
    let value: BareItem = true;
    if (r.peek() === '=') {
      r.take();
      value = bareItem(r);
    }
    out.set(key, value);
  }
  return out;
}

/** Members separated by commas with optional whitespace; `member` reads one. */
function members<T>(input: string, member: (r: Reader) => T): T[] {
  const r = new Reader(input.trim());
  const out: T[] = [];
  while (!r.done) {
    out.push(member(r));
    r.skip(/[ \t]/);
    if (r.done) break;
    if (r.take() !== ',') r.fail('expected a comma');
    r.skip(/[ \t]/);
    if (r.done) r.fail('trailing comma');
  }
  return out;
}

/** An RFC 9651 §4.2.1 List of items (no inner lists). */
export function parseList(input: string): Item[] {
  return members(input, (r) => ({ value: bareItem(r), params: params(r) }));
}

/** An RFC 9651 §4.2.2 Dictionary of items (no inner lists); a later key overrides an earlier one. */
export function parseDictionary(input: string): Map<string, Item> {
  const out = new Map<string, Item>();
  for (const [key, item] of members(input, (r): [string, Item] => {
    const key = r.match(KEY) ?? r.fail('bad dictionary key');
    if (r.peek() !== '=') return [key, { value: true, params: params(r) }];
    r.take();
    return [key, { value: bareItem(r), params: params(r) }];
  })) {
    out.set(key, item);
  }
  return out;
}
