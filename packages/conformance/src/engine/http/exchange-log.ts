/**
 * The exchange log of the kit's HTTP client (http.ts): every exchange in the order its request was
 * issued (seq), whatever order the answers came in, with the seqs still in flight, so that a mark
 * ({@link ExchangeLog.settledSeq}) below which nothing is inserted later feeds the HAR file, the
 * oracles and compaction (runner.ts, `settle`).
 */
import type { Exchange } from '../../contract/types.js';

/** Size above which an exchange's body is cut when compacted (the reports show at most 4 KiB). */
const KEEP_BODY_CHARS = 4 * 1024;

/** A request's number; `returned`: handed back for the next request (its turn never came), so not this one's to clear. */
export interface Ticket {
  readonly seq: number;
  returned: boolean;
}

export class ExchangeLog {
  readonly exchanges: Exchange[] = [];
  /** Requests issued so far (numbers each exchange in call order). */
  private issued = 0;
  /** Seqs issued and not yet recorded (waiting for their turn or for an answer). */
  private readonly inFlight = new Set<number>();
  private compactedUpTo = 0;

  /** Numbers the next request. */
  issue(): Ticket {
    const ticket = { seq: ++this.issued, returned: false };
    this.inFlight.add(ticket.seq);
    return ticket;
  }

  /** The request never got its turn: its seq is no longer in flight, and handed back when it was the last issued. */
  withdraw(ticket: Ticket): void {
    this.inFlight.delete(ticket.seq);
    if (this.issued === ticket.seq) {
      this.issued -= 1;
      ticket.returned = true;
    }
  }

  /** The request is over (recorded or not): its seq is no longer in flight, unless handed back. */
  done(ticket: Ticket): void {
    if (!ticket.returned) this.inFlight.delete(ticket.seq);
  }

  /** Records an exchange in the order its request was issued (seq), whatever order the answers came in. */
  record(exchange: Exchange, owner: ((exchange: Exchange) => void) | undefined): void {
    let at = this.exchanges.length;
    while (at > 0 && this.exchanges[at - 1]!.seq > exchange.seq) at -= 1;
    this.exchanges.splice(at, 0, exchange);
    this.inFlight.delete(exchange.seq);
    owner?.(exchange);
  }

  /**
   * The highest seq below which every issued request is recorded (none still in flight): an
   * exchange at or below it is never inserted later, so marks up to it stay valid.
   */
  get settledSeq(): number {
    let lowest = this.issued + 1;
    for (const seq of this.inFlight) if (seq < lowest) lowest = seq;
    return lowest - 1;
  }

  /** Requests issued so far: every later request gets a higher seq. */
  get issuedCount(): number {
    return this.issued;
  }

  /**
   * Bounds memory: cuts the bodies of the exchanges recorded up to seq `throughSeq` (default: all,
   * capped at {@link settledSeq}) to 4 KiB and drops their parsed JSON (status, headers, `isJson`
   * and the schema verdict stay).
   */
  compact(throughSeq = Infinity): void {
    const through = Math.min(throughSeq, this.settledSeq);
    let i = this.compactedUpTo;
    for (; i < this.exchanges.length && this.exchanges[i]!.seq <= through; i += 1) {
      const resp = this.exchanges[i]?.response;
      if (resp && resp.bodyText.length > KEEP_BODY_CHARS) {
        // A copy, not a slice: V8 slices keep the whole parent string alive.
        resp.bodyText = `${Buffer.from(resp.bodyText.slice(0, KEEP_BODY_CHARS), 'utf8').toString('utf8')}…`;
        resp.json = undefined;
        resp.truncated = true;
      }
    }
    this.compactedUpTo = i;
  }
}
