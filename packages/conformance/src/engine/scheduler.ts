/**
 * Check-level concurrency (`--workers`): up to `workers`
 * items run at once; an exclusive item is a barrier (it starts once every earlier item has ended
 * and been released, and runs with nothing else in flight); results are released in run order
 * whatever order they finish in. Between two exclusive items the items start in run order, or,
 * with `priority`, the highest first (the longest checks first, so the last to end is not a long
 * one started late); ties keep run order. Items that name the same `lock` run one at a time in
 * run order (each once every earlier one has ended), beside items without it. With `workers: 1`
 * and no priority it is a plain loop; with more, items started together begin one event-loop turn
 * apart.
 */

export interface ScheduleOptions<R> {
  /** Items in flight at most (at least 1). */
  workers: number;
  /** Whether item `index` must run alone. */
  exclusive(index: number): boolean;
  /**
   * The resource item `index` holds while it runs, if any: items of one lock never run at once, and
   * each starts only once every earlier item of its lock has ended (so what one reads of the
   * resource is what the earlier ones left, whatever the number of workers).
   */
  lock?(index: number): string | undefined;
  /** Start order within a stretch between exclusive items: higher first (e.g. a check's recorded cost). */
  priority?(index: number): number;
  /** Runs item `index`; called in run order, or by priority between exclusive items. A throw becomes {@link failed}'s result. */
  run(index: number): Promise<R>;
  /** The result of an item whose `run` threw. */
  failed(index: number, error: unknown): R;
  /**
   * Whether an item that ran beside others must run again alone (e.g. it timed out, perhaps because
   * of the others): no item starts until everything in flight has ended, then it runs again alone
   * and its second result is the one kept. Asked once per item.
   */
  again?(index: number, result: R): boolean;
  /** Called as soon as an item ends, in the order they end (before it is released). */
  ended?(index: number, result: R): void;
  /** Receives every result in run order, once every earlier one was released; awaited before the next. */
  release(index: number, result: R): void | Promise<void>;
}

/** Runs `count` items under {@link ScheduleOptions}; resolves once the last one is released. */
export async function schedule<R>(count: number, options: ScheduleOptions<R>): Promise<void> {
  const workers = Math.max(1, Math.floor(options.workers));
  const done = new Map<number, R>();
  const running = new Set<number>();
  let next = 0;
  let released = 0;
  let exclusiveRunning = false;
  /** Items waiting to run again alone, in the order they asked; the items already asked about. */
  const reruns: number[] = [];
  const asked = new Set<number>();
  /** Wakes the loop when an item ends. */
  let wake: (() => void) | undefined;
  /**
   * With several workers, items started together begin one turn of the event loop apart: what an
   * item does before its first wait (a check's set-up CPU, e.g. its samples of the discovered
   * records) otherwise ran back to back for every item started at once, before any of their
   * requests left or any paced request's timer fired (100 ms away, the limiter idle for that long
   * right after discovery). Between two turns, the requests the earlier items asked go out.
   */
  let turn: Promise<void> = Promise.resolve();
  const nextTurn = (): Promise<void> => (turn = turn.then(() => new Promise<void>((resolve) => setImmediate(resolve))));

  const start = (index: number, alone: boolean) => {
    running.add(index);
    exclusiveRunning = alone;
    const ready = workers > 1 ? nextTurn() : undefined;
    void (async () => {
      let result: R;
      try {
        if (ready) await ready;
        result = await options.run(index);
      } catch (err) {
        result = options.failed(index, err);
      }
      const overlapped = workers > 1 && !alone;
      running.delete(index);
      if (alone) exclusiveRunning = false;
      if (overlapped && options.again && !asked.has(index)) {
        asked.add(index);
        if (options.again(index, result)) {
          reruns.push(index);
          wake?.();
          return;
        }
      }
      done.set(index, result);
      options.ended?.(index, result);
      wake?.();
    })();
  };

  /** Items started (or ended) out of run order; `next` is the first item not started. */
  const begun = new Set<number>();
  const lockOf = (i: number): string | undefined => options.lock?.(i);
  /** Whether item `i`'s lock is free for it: no item of the lock in flight, every earlier one ended. */
  const lockFree = (i: number): boolean => {
    const lock = lockOf(i);
    if (lock === undefined) return true;
    for (const j of running) if (lockOf(j) === lock) return false;
    for (let j = released; j < i; j += 1) if (!done.has(j) && lockOf(j) === lock) return false;
    return true;
  };
  /**
   * The item to start next: `next` when exclusive, else the first in run order (or the highest
   * priority) before the next exclusive one whose lock is free; the next exclusive one (or `count`)
   * when none is.
   */
  const candidate = (): number => {
    while (begun.has(next)) next += 1;
    if (next >= count || options.exclusive(next)) return next;
    let best = -1;
    let i = next;
    for (; i < count && !options.exclusive(i); i += 1) {
      if (begun.has(i) || !lockFree(i)) continue;
      if (best === -1) best = i;
      if (!options.priority) break;
      if (options.priority(i) > options.priority(best)) best = i;
    }
    return best === -1 ? i : best;
  };
  /** Whether item `i` may start now: room for it, and for an exclusive one nothing before it left. */
  const startable = (i: number) =>
    reruns.length === 0 && i < count && !exclusiveRunning && (options.exclusive(i) ? running.size === 0 && released === i : running.size < workers && lockFree(i));
  while (released < count) {
    while (done.has(released)) {
      const result = done.get(released)!;
      done.delete(released);
      await options.release(released, result);
      released += 1;
    }
    if (released >= count) break;
    if (reruns.length > 0 && running.size === 0) start(reruns.shift()!, true);
    for (let i = candidate(); startable(i); i = candidate()) {
      begun.add(i);
      start(i, options.exclusive(i));
    }
    if (!done.has(released)) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}
