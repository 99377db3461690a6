/**
 * Exact status codes where the API document names them: each of the four operations
 * answers success with 200 ("Response 200: …" under each operation), the v2 throttle with 429 (Errors
 * table: "GET /requests/v2 request over its rate limit | 429"). Pure predicates shared by the active
 * checks (general.success-status, requests-v2.rate-limit.*) and the passive rule of
 * oracles/first-calls.ts.
 */

/** The operations whose success the document names as 200. */
export const SUCCESS_200_OPERATIONS: readonly string[] = ['POST /currencies/v2', 'GET /intents/status', 'GET /requests/v3', 'GET /requests/v2'];

/** A success answered with another 2xx than 200: the problem, or undefined (errors are judged elsewhere). */
export function successStatusProblem(status: number): string | undefined {
  return status >= 200 && status < 300 && status !== 200 ? `answered ${status}, a success other than the 200 the document names` : undefined;
}

/**
 * The v2 throttle's answer (API document, Errors table): once a run of v2 requests that were served
 * (200) turns into refusals, the refusal is the throttle, and its status must be 429. `statuses` are
 * the answers in the order sent. The problem (naming the index of the first refusal), or undefined
 * when the run never turned, or turned into 429s.
 */
export function throttleStatusProblem(statuses: readonly number[]): { index: number; problem: string } | undefined {
  const served = statuses.findIndex((s) => s === 200);
  if (served < 0) return undefined;
  for (let i = served + 1; i < statuses.length; i++) {
    const s = statuses[i]!;
    if (s === 200 || s === 429) continue;
    // Served, then refused with the same query: a throttle that does not answer 429 (a 5xx is not a throttle's answer either).
    if (s >= 400 && s < 600 && statuses.slice(i).every((x) => x === s)) return { index: i, problem: `v2 served the query, then answered ${s} to the same query until the end of the probe (${statuses.length - i} times), never 429` };
  }
  return undefined;
}
