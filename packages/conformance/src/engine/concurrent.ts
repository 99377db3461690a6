/**
 * Independent requests of one check sent at once: they
 * share the client's rate limiter and request budget, and the check sees the same result whatever
 * order the answers come in.
 */

/**
 * Starts every task at once (at most `concurrency` at a time, when given, in task order) and resolves to their results in task order. When some fail, it waits
 * for all of them to settle (no request outlives the check) and throws the failure of the first
 * failing task in task order, never the first to arrive.
 */
export async function allInOrder<T>(tasks: readonly (() => Promise<T>)[], options: { concurrency?: number } = {}): Promise<T[]> {
  const settled = options.concurrency === undefined ? await Promise.allSettled(tasks.map((task) => task())) : await pooled(tasks, options.concurrency);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/** Settles every task, at most `concurrency` running at a time, started in task order. */
async function pooled<T>(tasks: readonly (() => Promise<T>)[], concurrency: number): Promise<PromiseSettledResult<T>[]> {
  const out: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      try {
        out[i] = { status: 'fulfilled', value: await tasks[i]!() };
      } catch (reason) {
        out[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  return out;
}
