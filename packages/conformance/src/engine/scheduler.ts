/**
 * Check-level concurrency (issue 13, "Concurrency up to the rate", `--workers`): up to `workers`
 * items run at once, started in run order; an exclusive item is a barrier (it starts once every
 * earlier item has ended and been released, and runs with nothing else in flight); results are
 * released in run order whatever order they finish in. With `workers: 1` it is a plain loop.
 */

export interface ScheduleOptions<R> {
  /** Items in flight at most (at least 1). */
  workers: number;
  /** Whether item `index` must run alone. */
  exclusive(index: number): boolean;
  /** Runs item `index`; called in run order. A throw becomes {@link failed}'s result. */
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

  const start = (index: number, alone: boolean) => {
    running.add(index);
    exclusiveRunning = alone;
    void (async () => {
      let result: R;
      try {
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

  /** Whether item `next` may start now: room for it, and for an exclusive one nothing before it left. */
  const startable = () =>
    reruns.length === 0 && next < count && !exclusiveRunning && (options.exclusive(next) ? running.size === 0 && released === next : running.size < workers);
  while (released < count) {
    while (done.has(released)) {
      const result = done.get(released)!;
      done.delete(released);
      await options.release(released, result);
      released += 1;
    }
    if (released >= count) break;
    if (reruns.length > 0 && running.size === 0) start(reruns.shift()!, true);
    while (startable()) {
      start(next, options.exclusive(next));
      next += 1;
    }
    if (!done.has(released)) await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}
