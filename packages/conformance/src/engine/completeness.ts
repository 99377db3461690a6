/**
 * A run that tested nothing is not green (OCI conformance and Sonobuoy certified
 * mode): a key the target refuses is a configuration error (exit 2), MUST checks left unrun for lack
 * of `--api-key`/`--other-api-key` make the run incomplete (exit 2) unless `--allow-incomplete`, and
 * `--certify` turns any skipped MUST check into a failed run (exit 1).
 */
import { unjudgedRequired } from './coverage.js';
import type { CoverageRow } from './coverage.js';
import { EXIT } from '../contract/types.js';
import type { AuthChoice, CheckOutcome, Completeness, ExitCode, HttpClient, KeyRefusal, QueryValue } from '../contract/types.js';

/** The flag that supplies an identity a check requires. */
export const FLAG_OF = { apiKey: '--api-key', otherApiKey: '--other-api-key' } as const;

/**
 * `status` when it is a refusal (401/403) of a keyed request and a keyless operation
 * (`POST /currencies/v2`, key optional) still answers; undefined when the key was accepted or the
 * target refuses everything alike.
 */
async function refusal(http: HttpClient, status: number | undefined): Promise<number | undefined> {
  if (status !== 401 && status !== 403) return undefined;
  const keyless = await http.send({ method: 'POST', path: '/currencies/v2', body: { limit: 1 }, auth: 'none' });
  const open = keyless.response?.status;
  return open !== undefined && open !== 401 && open !== 403 ? status : undefined;
}

/** The status of one keyed `GET /requests/v3` (API document: keyed) with `auth`. */
async function keyedStatus(http: HttpClient, auth: AuthChoice, query: Record<string, QueryValue>): Promise<number | undefined> {
  const ex = await http.send({ method: 'GET', path: '/requests/v3', query: { ...query, limit: 1 }, auth });
  return ex.credentialsDropped ? undefined : ex.response?.status;
}

/**
 * The refused keys. `primary` is the status of the run's first keyed request (discovery's first
 * `GET /requests/v3`), so a good key costs no request; `other` sends one keyed request with
 * --other-api-key over `query` (discovery's window). A refusal costs one keyless request more.
 * Throws only what the HTTP client throws (target unreachable, a bound reached).
 */
export async function probeKeys(http: HttpClient, keys: { primary?: number; other: boolean; query: Record<string, QueryValue> }): Promise<KeyRefusal[]> {
  const refused: KeyRefusal[] = [];
  const primary = await refusal(http, keys.primary);
  if (primary !== undefined) refused.push({ flag: FLAG_OF.apiKey, status: primary });
  if (keys.other && primary === undefined) {
    const other = await refusal(http, await keyedStatus(http, 'other', keys.query));
    if (other !== undefined) refused.push({ flag: FLAG_OF.otherApiKey, status: other });
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
 * `--require must|should` (coverage.ts): `completeness` with the required clauses the run left
 * unjudged (a target without the data, a selection, a budget), or as is when none was (or no gate).
 * Clauses whose checks another shard runs are not counted here: merge-reports gates the merged run.
 */
export function withRequired(completeness: Completeness | undefined, rows: readonly CoverageRow[], require: 'must' | 'should' | undefined): Completeness | undefined {
  if (require === undefined) return completeness;
  const unjudged = unjudgedRequired(rows, require);
  if (unjudged.length === 0) return completeness;
  return { ...(completeness ?? {}), unjudged: { require, clauses: unjudged.map((r) => r.id) } };
}

/**
 * The exit code once completeness is weighed: unreachable (4) stays; a refused key is 2; a failure,
 * a kit error or an inconclusive run stays; an incomplete run is 2; a --certify skip fails the run
 * (1); a required clause left unjudged (--require) makes it inconclusive (5): the target broke
 * nothing and the command was valid, but the run did not reach the verdict it was asked for;
 * otherwise the code as is.
 */
export function exitWithCompleteness(code: ExitCode, c: Completeness | undefined): ExitCode {
  if (!c || code === EXIT.unreachable) return code;
  if (c.keyRefused) return EXIT.config;
  if (code !== EXIT.ok) return code;
  if (c.incomplete) return EXIT.config;
  if (c.certifySkipped) return EXIT.failed;
  if (c.unjudged) return EXIT.inconclusive;
  return code;
}
