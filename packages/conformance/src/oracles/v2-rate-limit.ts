/**
 * The body of a v2 429 (API document, Errors table and rule 1: `message`, `successor` naming
 * /requests/v3, `migrationGuide`). Shared by the active `requests-v2.rate-limit.body` check and the
 * passive proxy and HAR audit.
 */
import { brief } from '../contract/expect.js';
import { namesRequestsV3 } from '../contract/deprecation-headers.js';
import { isObject } from '../contract/outcome.js';

export const RATE_LIMIT_BODY = '{"message": string, "successor": "<base>/requests/v3", "migrationGuide": string}';

/** What is wrong with the body of a v2 429 (`body` parsed, undefined when not JSON), or undefined. */
export function rateLimitBodyProblem(body: unknown, bodyText: string, requestUrl: string): string | undefined {
  if (!isObject(body)) return `not a JSON object: ${brief(bodyText)}`;
  if (typeof body.message !== 'string') return `no string \`message\`: ${brief(body)}`;
  if (typeof body.migrationGuide !== 'string' || body.migrationGuide === '') return `no string \`migrationGuide\`: ${brief(body)}`;
  if (typeof body.successor !== 'string' || namesRequestsV3(body.successor, requestUrl) !== true) return `\`successor\` = ${brief(body.successor)} does not name /requests/v3`;
  return undefined;
}
