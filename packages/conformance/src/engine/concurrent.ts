/**
 * Independent requests of one check sent at once (issue 13, "Concurrency up to the rate"): they
 * share the client's rate limiter and request budget, and the check sees the same result whatever
 * order the answers come in.
 */

/**
 * Starts every task at once and resolves to their results in task order. When some fail, it waits
 * for all of them to settle (no request outlives the check) and throws the failure of the first
 * failing task in task order, never the first to arrive.
 */
export async function allInOrder<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks.map((task) => task()));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
