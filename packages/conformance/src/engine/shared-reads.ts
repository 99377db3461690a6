/**
 * Reads shared between the checks of one run ("a walk of a window is taken once and
 * reused by every check that needs it, re-read only where a check's relation must be confirmed").
 *
 * A shared read is keyed by what it asks (e.g. a walk's canonical query and page cap); the first
 * check that asks sends it, through the run's own client (its requests count in the run total, not
 * in any one check's, so per-check counts do not depend on which check came first); every later one
 * gets the same answer, even while it is still in flight. A read that throws anything but a
 * violation is forgotten, so the next check asks again. Answers are kept for the run (a few hundred
 * KB: walks of sub-windows and totals).
 *
 * A check whose first result rests on a shared answer and fails is run again on fresh reads of its
 * own before the failure counts (runner.ts, reproduce.ts): a shared answer may be seconds old.
 */
import { ViolationError } from '../contract/expect.js';
import type { HttpClient, SharedReads } from '../contract/types.js';

export type { SharedReads } from '../contract/types.js';

/** The run's memo of shared reads; {@link forCheck} hands each check its own view. */
export class SharedReadMemo {
  private readonly answers = new Map<string, Promise<unknown>>();

  constructor(private readonly http: HttpClient) {}

  /** Distinct reads asked so far (tests, diagnostics). */
  get size(): number {
    return this.answers.size;
  }

  /** A view for one check (or one reading of a check): it notes whether the check used it. */
  forCheck(): SharedReads {
    const read = this.read.bind(this);
    let used = false;
    return {
      read<T>(key: string, load: (http: HttpClient) => Promise<T>): Promise<T> {
        used = true;
        return read(key, load);
      },
      get used() {
        return used;
      },
    };
  }

  private read<T>(key: string, load: (http: HttpClient) => Promise<T>): Promise<T> {
    const known = this.answers.get(key) as Promise<T> | undefined;
    if (known) return known;
    const answer = load(this.http);
    this.answers.set(key, answer);
    answer.catch((err: unknown) => {
      if (!(err instanceof ViolationError)) this.answers.delete(key);
    });
    return answer;
  }
}

/** A stable key for a query: its defined parameters in name order. */
export function queryKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .filter((k) => query[k] !== undefined && query[k] !== null)
      .sort()
      .map((k) => [k, query[k]]),
  );
}
