/**
 * Every exchange of the active run judged by every oracle that applies: the run's exchanges, as
 * they settle, go through the oracle registry (oracles/index.ts) by the same auditor the proxy and
 * `audit` use (oracles/auditor.ts), read as their HAR entries read back, so the three give one
 * verdict. A page fetched for the sort check is judged for limits, schema, ranges, totals and the
 * record rules too, and the exchanges a check sends are judged by the oracle of that check as well:
 * a rule one exchange decides is decided by its oracle only, the active check choosing what to send.
 *
 * One failure per check: the oracle's verdict is its check's verdict. A check that passed and whose
 * oracle saw a violation fails with it, that exchange as the reproduction (its request and curl),
 * and a replay line that runs the check that sent it and the one it fails; a check that failed on its
 * own (a relation between exchanges) keeps that failure, which already reports the defect. Only the
 * checks of the run are amended: an oracle whose check was not selected (`--only`, a shard) reports
 * nothing.
 */
import { PassiveAuditor } from '../oracles/auditor.js';
import { observedOf } from '../oracles/observed.js';
import type { CheckOutcome, Exchange } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';

/** What the run tells about one exchange: the id of the check that sent it (none: discovery, probes). */
export type OwnerOf = (exchange: Exchange) => string | undefined;

export class ActiveOracles {
  private readonly auditor: PassiveAuditor;
  /** Per check id, the check that sent the first exchange violating it (for the replay line). */
  private readonly firstOwner = new Map<string, string | undefined>();

  constructor(
    validator: ResponseValidator,
    private readonly ownerOf: OwnerOf,
  ) {
    this.auditor = new PassiveAuditor({ validator });
  }

  /** Judges settled exchanges (in the order they were sent). */
  observe(exchanges: readonly Exchange[]): void {
    for (const e of exchanges) {
      const owner = this.ownerOf(e);
      // The engine parsed and validated the body with the same validator: reused, not done again.
      // A body the run compacted already (its JSON dropped) is parsed again from its text.
      const r = e.response;
      const reuse = r === undefined || r.truncated === true || (r.isJson === true && r.json === undefined) ? {} : { exchange: e };
      for (const f of this.auditor.observe(observedOf(e), reuse)) {
        if (!this.firstOwner.has(f.check)) this.firstOwner.set(f.check, owner);
      }
    }
  }

  /**
   * The outcomes with the oracles' verdicts folded in: a check that passed and whose oracle saw a
   * violation (on any exchange of the run, its own included) fails with it. A check that did not pass keeps its
   * outcome: a fail or error says more, and a skip says why the kit could not decide (e.g. the
   * data moved between its re-reads, which the active side measures and the oracle cannot).
   * `replayOf(ids)` is the replay line of a run of those check ids.
   */
  amend(outcomes: readonly CheckOutcome[], options: { strict: boolean; keep?: (o: CheckOutcome) => boolean; replayOf: (ids: string) => string; oracleOnly?: ReadonlySet<string> }): CheckOutcome[] {
    const oracleOnly = options.oracleOnly ?? new Set<string>();
    if (this.firstOwner.size === 0 && !outcomes.some((o) => oracleOnly.has(o.id))) return [...outcomes];
    const judged = this.auditor.result({ startedAt: new Date(0), target: '', config: {}, replay: '', strict: options.strict });
    const byId = new Map(judged.outcomes.map((o) => [o.id, o]));
    return outcomes.map((o) => {
      const seen = byId.get(o.id);
      // A check judged by its oracle alone ran to its skip (it sends nothing): its oracle's pass, with the count of exchanges it judged, replaces it.
      const ownSkip = oracleOnly.has(o.id) && o.status === 'skip' && o.cause === undefined;
      if (ownSkip && seen?.status === 'pass' && !options.keep?.(o)) return { ...o, status: 'pass', reason: `${seen.reason ?? ''}, every exchange of the run judged by its oracle` };
      if (!seen?.violation || !this.firstOwner.has(o.id) || (o.status !== 'pass' && !ownSkip) || options.keep?.(o)) return o;
      const owner = this.firstOwner.get(o.id);
      const own = owner === o.id;
      const from = owner === undefined ? "the run's discovery" : own ? 'this check' : `check ${owner}`;
      return {
        ...o,
        status: seen.status,
        violation: seen.violation,
        ...(seen.violations ? { violations: seen.violations } : {}),
        reason: `${seen.reason ?? ''}: the oracle judged every exchange of this run (first seen in a request of ${from})`,
        replay: options.replayOf(owner === undefined || own ? o.id : `${owner},${o.id}`),
      };
    });
  }
}
