/**
 * A run that tested nothing is not green (issue 8 item 5; OCI conformance and Sonobuoy certified
 * mode): a key the target refuses is a configuration error (exit 2), MUST checks left unrun for lack
 * of `--api-key`/`--other-api-key` make the run incomplete (exit 2) unless `--allow-incomplete`, and
 * `--certify` turns any skipped MUST check into a failed run (exit 1).
 */
import { EXIT } from './types.js';
import type { AuthChoice, CheckOutcome, Completeness, ExitCode, HttpClient, KeyRefusal } from './types.js';

/** The flag that supplies an identity a check requires. */
export const FLAG_OF = { apiKey: '--api-key', otherApiKey: '--other-api-key' } as const;

/**
 * The status with which the target refused a key on a keyed request (`GET /requests/v3?limit=1`,
 * API document: keyed), when a keyless operation (`POST /currencies/v2`, key optional) still
 * answers; undefined when the key was accepted or the target refuses everything alike.
 */
async function refusal(http: HttpClient, auth: AuthChoice): Promise<number | undefined> {
  const keyed = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1 }, auth });
  const status = keyed.response?.status;
  if (status !== 401 && status !== 403) return undefined;
  const keyless = await http.send({ method: 'POST', path: '/currencies/v2', body: { limit: 1 }, auth: 'none' });
  const open = keyless.response?.status;
  return open !== undefined && open !== 401 && open !== 403 ? status : undefined;
}

/**
 * Sends one keyed request per configured key a selected check uses; returns the refused ones.
 * Throws only what the HTTP client throws (target unreachable, a bound reached).
 */
export async function probeKeys(http: HttpClient, keys: { primary: boolean; other: boolean }): Promise<KeyRefusal[]> {
  const refused: KeyRefusal[] = [];
  if (keys.primary) {
    const status = await refusal(http, 'primary');
    if (status !== undefined) refused.push({ flag: FLAG_OF.apiKey, status });
  }
  if (keys.other) {
    const status = await refusal(http, 'other');
    if (status !== undefined) refused.push({ flag: FLAG_OF.otherApiKey, status });
  }
  return refused;
}

/** `the server refused --api-key (401)`, for skip reasons, problems and the verdict. */
export function refusalText(r: KeyRefusal): string {
  return `the server refused ${r.flag} (${r.status})`;
}

/** The refusal that keeps a check from running (any refused key it uses), if any. */
export function refusalFor(requires: readonly string[], refused: readonly KeyRefusal[]): KeyRefusal | undefined {
  const primary = refused.find((r) => r.flag === FLAG_OF.apiKey);
  if (primary) return primary;
  return requires.includes('otherApiKey') ? refused.find((r) => r.flag === FLAG_OF.otherApiKey) : undefined;
}

/** What keeps the run from being a plain pass, or undefined when nothing does. */
export function completenessOf(
  outcomes: readonly CheckOutcome[],
  refused: readonly KeyRefusal[],
  options: { allowIncomplete: boolean; certify: boolean },
): Completeness | undefined {
  const out: Completeness = {};
  if (refused.length > 0) out.keyRefused = [...refused];
  const unrun = outcomes.filter((o) => o.status === 'skip' && o.level === 'MUST' && (o.needs?.length ?? 0) > 0);
  if (unrun.length > 0 && !options.allowIncomplete) {
    out.incomplete = { flags: [...new Set(unrun.flatMap((o) => o.needs ?? []))], checks: unrun.map((o) => o.id) };
  }
  if (options.certify) {
    const skipped = outcomes.filter((o) => o.status === 'skip' && o.level === 'MUST').map((o) => o.id);
    if (skipped.length > 0) out.certifySkipped = skipped;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The exit code once completeness is weighed: unreachable (4) stays; a refused key is 2; a failure,
 * a kit error or an inconclusive run stays; an incomplete run is 2; a --certify skip fails the run
 * (1); otherwise the code as is.
 */
export function exitWithCompleteness(code: ExitCode, c: Completeness | undefined): ExitCode {
  if (!c || code === EXIT.unreachable) return code;
  if (c.keyRefused) return EXIT.config;
  if (code !== EXIT.ok) return code;
  if (c.incomplete) return EXIT.config;
  if (c.certifySkipped) return EXIT.failed;
  return code;
}
