/**
 * One check's view of the run's HTTP client: the same
 * `send` (one --max-rps limiter, one --max-requests budget), counting only the requests of its own
 * check, while `exchanges` stays the whole run's. Each exchange is tagged with the run-order index
 * of the check that sent it, so that {@link inRunOrder} lists exchanges as a one-at-a-time run would
 * have recorded them, whatever checks overlapped.
 */
import type { Exchange, HttpClient, RequestSpec } from '../contract/types.js';

/** The client a view sends through: the run's FetchHttpClient (http.ts). */
export interface OwnedSender {
  send(req: RequestSpec, owner?: (exchange: Exchange) => void): Promise<Exchange>;
  readonly exchanges: readonly Exchange[];
}

/** Which check (its index in the run order) sent each exchange; none for requests outside every check. */
export class ExchangeOwners {
  private readonly owners = new WeakMap<Exchange, number>();

  /** The view of check number `index` (run order). */
  viewFor(base: OwnedSender, index: number): CheckClient {
    return new CheckClient(base, (exchange) => this.owners.set(exchange, index));
  }

  /** The run-order index of the check that sent an exchange (undefined: discovery, probes). */
  ownerOf(exchange: Exchange): number | undefined {
    return this.owners.get(exchange);
  }

  /**
   * The exchanges in run order: those sent outside every check (discovery, probes) first, then by
   * the sending check's index, then by seq. With one check at a time this is the recorded order.
   */
  inRunOrder(exchanges: readonly Exchange[]): Exchange[] {
    const owner = (e: Exchange) => this.owners.get(e) ?? -1;
    return [...exchanges].sort((a, b) => owner(a) - owner(b) || a.seq - b.seq);
  }
}

/** A check's {@link HttpClient}: sends through the run's client and counts its own requests (every attempt). */
export class CheckClient implements HttpClient {
  private sent = 0;

  constructor(
    private readonly base: OwnedSender,
    private readonly tag: (exchange: Exchange) => void,
  ) {}

  /** Requests this check sent (each attempt of a retried request counts, as in the run's total). */
  get requestCount(): number {
    return this.sent;
  }

  get exchanges(): readonly Exchange[] {
    return this.base.exchanges;
  }

  send(req: RequestSpec): Promise<Exchange> {
    return this.base.send(req, (exchange) => {
      this.sent += 1;
      this.tag(exchange);
    });
  }
}
