/**
 * Re-judges the kit's own recording: the run's checks run again, with the recorded seed and
 * options, against the recording itself (replay-fetch.ts) instead of a target, so that the
 * relations between exchanges (a walk's pages, a total against its walk, a filter against the
 * unfiltered listing, readings before and after a change) are judged on what the run received,
 * as the run judged them. Judgement stays a function of the recorded exchanges: no request leaves
 * the process, no server starts, no wait is slept (a virtual clock advances instead).
 *
 * A check that sends a request the recording does not hold ends `error` ("not in the recording").
 */
import { allChecks } from '../checks/index.js';
import { ConfigError } from '../config/fields.js';
import { redactor } from '../contract/redact.js';
import { runConformance } from '../run/runner.js';
import type { RecordedTarget } from '../run/session.js';
import type { CheckDefinition, CheckOutcome, DatedTarget, TargetDate } from '../contract/types.js';
import { DATED_CLOCKS } from '../target/embedded.js';
import type { KitRecording } from '../har/recorded-run.js';
import { NotInRecording, RecordingIndex, checkScope, replayFetch } from './replay-fetch.js';

/** The placeholder sent for each key role: never a real key, redacted like one. */
const PLACEHOLDERS = { primary: 'rejudge-placeholder-primary-key', other: 'rejudge-placeholder-other-key', inactive: 'rejudge-placeholder-inactive-key' } as const;

export interface Rejudged {
  /** The outcomes of the re-run, the checks named as in the run. */
  outcomes: CheckOutcome[];
  /** Checks that sent a request the recording does not hold (they ended `error`). */
  notInRecording: string[];
  /** Requests outside every check (discovery's) the recording does not hold. */
  unowned: string[];
  /** Entries of the recording answered, of all. */
  answered: number;
  entries: number;
  durationMs: number;
}

/** A virtual clock: a sleep advances it at once instead of waiting. */
function virtualClock(): { now: () => number; sleep: (ms: number) => Promise<void> } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: async (ms) => {
      offset += Math.max(0, ms);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

/** A check run inside its scope: a request not in the recording makes it end `error`, whatever it concluded. */
function scoped(check: CheckDefinition): CheckDefinition {
  return {
    ...check,
    run: async (ctx) => {
      const scope = { check: check.id, misses: [] as string[] };
      let result: Awaited<ReturnType<CheckDefinition['run']>> | undefined;
      let error: unknown;
      try {
        result = await checkScope.run(scope, () => check.run(ctx));
      } catch (err) {
        error = err;
      }
      if (scope.misses.length > 0) {
        const more = scope.misses.length > 1 ? ` (and ${scope.misses.length - 1} more request${scope.misses.length === 2 ? '' : 's'})` : '';
        throw new NotInRecording(`${scope.misses[0]}${more}`);
      }
      if (error !== undefined) throw error;
      return result!;
    },
  };
}

/**
 * Runs the recorded run's checks again against `recording`; `strict` as the audit's `--strict`
 * (the recorded run's own strictness holds too). Throws a ConfigError when the recorded options do
 * not parse.
 */
export async function rejudge(recording: KitRecording, options: { strict?: boolean; checks?: readonly CheckDefinition[] } = {}): Promise<Rejudged> {
  const t0 = performance.now();
  const { run, entries } = recording;
  const index = new RecordingIndex(entries);
  const keyRoles = new Map<string, string>();
  for (const role of run.target.keys) keyRoles.set(PLACEHOLDERS[role], role);
  const unowned: string[] = [];
  const clock = virtualClock();
  const stalled = new Map((run.stalled ?? []).map((s) => [s.operation, s.cause]));
  const fetch = replayFetch({ index, keys: keyRoles, redact: redactor([...keyRoles.keys()]), unowned, stalled });
  /** Per date and check, the recorded clocks given so far. */
  const given = new Map<string, number>();
  const at = async (date: TargetDate): Promise<DatedTarget> => {
    const dated = run.target.dated?.[date];
    if (dated) {
      const check = checkScope.getStore()?.check;
      const list = check !== undefined ? dated.byCheck?.[check] : undefined;
      const key = `${date}\n${check ?? ''}`;
      const i = given.get(key) ?? 0;
      given.set(key, i + 1);
      const now = list?.[Math.min(i, list.length - 1)] ?? dated.now;
      return { ...(dated.base !== undefined ? { base: dated.base } : {}), now: new Date(now), what: dated.what };
    }
    return { now: new Date(DATED_CLOCKS[date].pin), what: `the target at ${date}, which the recorded run never asked for` };
  };
  /** Per check, the recorded `arrive` calls answered so far: a re-run gets the ids the run got, in order. */
  const arrived = new Map<string, number>();
  const arrive = async (n: number): Promise<string[]> => {
    const check = checkScope.getStore()?.check ?? '';
    const i = arrived.get(check) ?? 0;
    arrived.set(check, i + 1);
    const ids = run.target.arrivals?.[check]?.[i];
    // Not in the recording: the run never asked (an edited recording, or a kit whose checks ask otherwise).
    if (ids === undefined) throw new NotInRecording(`the arrival of ${n} requests asked by ${check || 'no check'}`);
    return ids;
  };
  /** Per check, the recorded `advance` calls answered so far: a re-run gets the statuses the run got, in order. */
  const advanced = new Map<string, number>();
  const advance = async (id: string): Promise<string | undefined> => {
    const check = checkScope.getStore()?.check ?? '';
    const i = advanced.get(check) ?? 0;
    advanced.set(check, i + 1);
    const list = run.target.advances?.[check];
    if (list === undefined || i >= list.length) throw new NotInRecording(`the move of request ${id} asked by ${check || 'no check'}`);
    return list[i] ?? undefined;
  };
  const has = (role: keyof typeof PLACEHOLDERS) => run.target.keys.includes(role);
  const recorded: RecordedTarget = {
    mode: run.target.mode,
    baseUrl: run.target.baseUrl,
    fetch,
    keys: {
      ...(has('primary') ? { apiKey: PLACEHOLDERS.primary } : {}),
      ...(has('other') ? { otherApiKey: PLACEHOLDERS.other } : {}),
      ...(has('inactive') ? { inactiveApiKey: PLACEHOLDERS.inactive } : {}),
    },
    at,
    arrive,
    advance,
    ...(run.events ? { events: run.events } : {}),
    ...clock,
  };
  const recordedStrict = run.options.strict === true;
  let result;
  try {
    result = await runConformance({
      ...(run.options as Record<string, never>),
      seed: run.seed,
      strict: recordedStrict || options.strict === true,
      checks: (options.checks ?? allChecks).map(scoped),
      recorded,
    });
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError(`the recording's run description cannot be re-run: ${err.message}`);
    throw err;
  }
  const notInRecording = result.outcomes.filter((o) => o.status === 'error' && o.reason?.includes('is not in the recording')).map((o) => o.id);
  return { outcomes: result.outcomes, notInRecording, unowned, answered: index.answered, entries: entries.length, durationMs: performance.now() - t0 };
}
