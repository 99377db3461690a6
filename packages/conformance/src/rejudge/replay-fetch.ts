/**
 * A fetch that answers from the kit's own recording: each request is matched to a recorded entry
 * by method, URL (path and query, keys redacted), body and the key's role, the check that sends it
 * preferring its own entries and those no check owned (discovery, shared reads), earliest first, so
 * that identical requests get the answers of the run in the order the run got them. A request the
 * recording does not hold is not answered: the fetch throws {@link NotInRecording}, and the check
 * that sent it ends `error` (rejudge.ts), never `pass`, never `fail`; unless the run had stopped
 * sending its operation (timeouts: the run's circuit), then it is refused as the run refused it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FetchLike } from '../engine/http.js';
import { TimeoutSignal } from '../engine/http/transport.js';
import { OperationStalledError } from '../contract/types.js';
import type { RecordedEntry } from '../har/recorded-run.js';

/** The check a request is sent for (its run's async context), and the requests the recording did not hold. */
export interface CheckScope {
  check: string;
  misses: string[];
}

/** The scope of the check running in the current async context (set by rejudge.ts around each check). */
export const checkScope = new AsyncLocalStorage<CheckScope>();

/** A request the recording does not hold. */
export class NotInRecording extends Error {
  constructor(readonly request: string) {
    super(`${request} is not in the recording: the run did not send it, so the re-run cannot be judged on it`);
    this.name = 'NotInRecording';
  }
}

/** A request's identity in the recording: method, URL, key role and body. */
const signatureOf = (method: string, url: string, auth: string, body: string | undefined): string => `${method.toUpperCase()} ${url} ${auth}\n${body ?? ''}`;

interface Slot {
  entry: RecordedEntry;
  taken: boolean;
}

/** The recording's entries by request identity, each answered once. */
export class RecordingIndex {
  private readonly slots = new Map<string, Slot[]>();
  private used = 0;

  constructor(entries: readonly RecordedEntry[]) {
    for (const entry of entries) {
      const key = signatureOf(entry.method, entry.url, entry.auth, entry.body);
      const list = this.slots.get(key) ?? [];
      list.push({ entry, taken: false });
      this.slots.set(key, list);
    }
  }

  /** Entries answered so far. */
  get answered(): number {
    return this.used;
  }

  /**
   * The entry answering a request of `check` (undefined: outside every check): the earliest not yet
   * taken that `check` or no check sent, else the earliest any check sent; undefined when none is left.
   */
  take(method: string, url: string, auth: string, body: string | undefined, check: string | undefined): RecordedEntry | undefined {
    const list = this.slots.get(signatureOf(method, url, auth, body));
    if (!list) return undefined;
    const slot = list.find((s) => !s.taken && (s.entry.check === check || s.entry.check === undefined)) ?? list.find((s) => !s.taken);
    if (!slot) return undefined;
    slot.taken = true;
    this.used += 1;
    return slot.entry;
  }
}

export interface ReplayFetchOptions {
  index: RecordingIndex;
  /** The placeholder key of each role the re-run sends with. */
  keys: ReadonlyMap<string, string>;
  /** Redacts the placeholder keys as the recording redacted the real ones. */
  redact: (text: string) => string;
  /** Requests not in the recording that no check sent (discovery's), for the audit's note. */
  unowned: string[];
  /** The operations the recorded run stopped sending, with the cause (`method path`). */
  stalled?: ReadonlyMap<string, string>;
}

/** The recorded error of a request the run's circuit cut or refused (http/policies.ts). */
const STOPPED = /the kit stopped sending it/;

/** The role of the key a request carries: its placeholder's role, `none` without one, `given` for a check's own. */
function roleOf(headers: Record<string, string>, keys: ReadonlyMap<string, string>): string {
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === 'x-api-key');
  if (entry === undefined) return 'none';
  return keys.get(entry[1]) ?? 'given';
}

/** The fetch of a re-run: answers from the recording, throws {@link NotInRecording} for anything else. */
export function replayFetch(options: ReplayFetchOptions): FetchLike {
  return async (input, init) => {
    const url = options.redact(input);
    const body = init.body === undefined ? undefined : options.redact(init.body);
    const scope = checkScope.getStore();
    const entry = options.index.take(init.method, url, roleOf(init.headers, options.keys), body, scope?.check);
    const operation = `${init.method.toUpperCase()} ${pathOf(url)}`;
    const stalled = options.stalled?.get(operation);
    if (!entry && stalled !== undefined) throw new OperationStalledError(operation, stalled);
    if (!entry) {
      const what = `${init.method} ${shortUrl(url)}`;
      if (scope) scope.misses.push(what);
      else options.unowned.push(what);
      throw new NotInRecording(what);
    }
    if (entry.status <= 0) {
      const error = entry.error ?? 'no answer was recorded';
      if (STOPPED.test(error)) throw new OperationStalledError(operation, stalled ?? error);
      throw /did not answer within/.test(error) ? new TimeoutSignal() : new Error(error);
    }
    const headers = entry.headers;
    return {
      status: entry.status,
      headers: { forEach: (cb: (value: string, key: string) => void) => Object.entries(headers).forEach(([k, v]) => cb(v, k)) },
      text: async () => entry.text,
    };
  };
}

/** A URL's path, '' when it does not parse. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/** A URL without its origin, for messages. */
function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
