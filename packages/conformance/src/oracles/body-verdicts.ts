/**
 * The pure part of judging one response body, kept for identical bodies (Speed): its
 * parsed JSON, its schema verdict and its list wrapper depend only on the operation, the status,
 * the content type and the (redacted) body text, so a body seen again (status polling, a page
 * refetched, a retry) is not parsed and validated again. Parsing an 8 KB page was over half of the
 * proxy's judging time per exchange. Every stateful oracle (chains, totals, order across pages,
 * timelines) still judges each exchange; only these pure results are shared, frozen so that no
 * oracle can change what another exchange sees. Bounded by entries and by characters kept.
 *
 * Kept from a body's second sight (varied traffic): a body seen once is judged and only
 * remembered, and its verdict is kept when it comes again within as many other bodies as are kept.
 * Most bodies of real traffic never come back, and freezing and holding their verdicts cost more
 * than judging them. In process, observing 500 different status exchanges in turn took about
 * 15 µs each before this and the memo of the display redactor (observed.ts), 9 µs after; an
 * exchange whose body verdict is kept, about 6 µs.
 */
import type { Exchange } from '../contract/types.js';

export interface BodyVerdict {
  json: unknown;
  isJson: boolean;
  schema?: Exchange['schema'];
  listWrapper?: Exchange['listWrapper'];
}

/**
 * Entries kept (most recently used last): enough for polling and refetches, which repeat a body
 * within a few exchanges; traffic that rarely repeats a body (bench/passive's 500 different
 * requests, each coming back after about 500 others) is judged afresh every time.
 */
const MAX_ENTRIES = 256;
/** Characters of body text kept in all. */
const MAX_CHARS = 8 * 1024 * 1024;
/** A body longer than this is judged afresh each time (a large page is rarely identical). */
const MAX_BODY_CHARS = 256 * 1024;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    const record = value as Record<string, unknown>;
    for (const k in record) deepFreeze(record[k]);
  }
  return value;
}

/**
 * The map key of a body: its length and its two ends. V8 hashes every character of a string used as
 * a Map key, and each response body is a new string, so keying by the whole body cost about as much
 * as parsing it; the key is cheap and the entries under it are told apart by comparing the bodies
 * themselves (a memory compare).
 */
function bodyKey(body: string): string {
  return body.length <= 192 ? body : `${body.length}\u0000${body.slice(0, 96)}\u0000${body.slice(-96)}`;
}

interface Entry {
  body: string;
  key: string;
  verdict: BodyVerdict;
}

export class BodyVerdicts {
  private readonly entries = new Map<string, Entry[]>();
  private chars = 0;
  private count = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxChars = MAX_CHARS,
  ) {}

  /** The verdict of `body` for `key` (operation, status, content type), computed by `judge` the first time. */
  get(key: string, body: string, judge: () => BodyVerdict): BodyVerdict {
    if (body.length > MAX_BODY_CHARS || body.length === 0) return judge();
    const slot = bodyKey(body);
    const list = this.entries.get(slot);
    const hit = list?.find((e) => e.key === key && e.body === body);
    if (hit && list) {
      this.entries.delete(slot);
      this.entries.set(slot, list);
      return hit.verdict;
    }
    // A body seen for the first time is judged and not kept: most bodies of real traffic never come
    // back, and keeping (freezing, holding) their verdicts cost more than the judging saved. Only
    // the body is remembered (a string, cheap to hold); the verdict is kept when it comes again.
    const candidate = this.candidates.get(slot);
    if (candidate === undefined || candidate.key !== key || candidate.body !== body) {
      this.remember(slot, key, body);
      return judge();
    }
    this.candidates.delete(slot);
    this.candidateChars -= body.length;
    const verdict = deepFreeze(judge());
    if (list) list.push({ body, key, verdict });
    else this.entries.set(slot, [{ body, key, verdict }]);
    this.chars += body.length;
    this.count += 1;
    while ((this.count > this.maxEntries || this.chars > this.maxChars) && this.entries.size > 1) {
      const [oldest, dropped] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      for (const e of dropped) this.chars -= e.body.length;
      this.count -= dropped.length;
    }
    return verdict;
  }

  /** Bodies seen once, by slot (one per slot: the latest), oldest first; bounded as the verdicts (a body that comes back within as many others as are kept). */
  private readonly candidates = new Map<string, { key: string; body: string }>();
  private candidateChars = 0;

  private remember(slot: string, key: string, body: string): void {
    const old = this.candidates.get(slot);
    if (old !== undefined) {
      this.candidates.delete(slot);
      this.candidateChars -= old.body.length;
    }
    this.candidates.set(slot, { key, body });
    this.candidateChars += body.length;
    while ((this.candidates.size > this.maxEntries || this.candidateChars > this.maxChars) && this.candidates.size > 1) {
      const [oldest, dropped] = this.candidates.entries().next().value!;
      this.candidates.delete(oldest);
      this.candidateChars -= dropped.body.length;
    }
  }

  /** Distinct bodies kept. */
  get size(): number {
    return this.entries.size;
  }
}

const byValidator = new WeakMap<object, BodyVerdicts>();

/** The verdicts of one validator, shared by every passive judge of the process that uses it (pure results). */
export function bodyVerdictsOf(validator: object): BodyVerdicts {
  let v = byValidator.get(validator);
  if (!v) {
    v = new BodyVerdicts();
    byValidator.set(validator, v);
  }
  return v;
}
