/**
 * The oracle model: one definition per contract predicate, judged the same way on every
 * exchange of the active run, through the proxy and in `audit`. An oracle says which exchanges it
 * applies to and judges one of them with its history (the continuation walk it belongs to, earlier
 * readings of the same query): a pass (undefined), a violation ({@link Problem}) or a withheld
 * verdict ({@link Withheld}: the exchange applies, but what it shows cannot decide, with why).
 * The registry is `oracles/index.ts` (`ORACLES`); the active checks call the same predicates.
 */
import type { RecordJson } from '../contract/record.js';
import { recordId } from '../contract/record.js';
import type { Exchange, ViolationMark } from '../contract/types.js';
import type { ChainView, Reading } from './chains.js';
import type { StatusReading } from './intent-status-versions.js';

export const V3 = 'GET /requests/v3';
export const V2 = 'GET /requests/v2';
export const CURRENCIES = 'POST /currencies/v2';
export const INTENTS = 'GET /intents/status';

/** What a rule sees of one exchange. */
export interface Seen {
  exchange: Exchange;
  query: URLSearchParams;
  /** Whether the request carried an API key (its value is never kept). */
  hasKey: boolean;
  /** The records of a v3 200 page. */
  records?: RecordJson[];
  /** The continuation chain of a v3 200 page, as it stood before this page. */
  chain?: ChainView;
  /** The next cursor the page hands back. */
  cursor?: string;
  /** Whether the page has a `total` key, and its value. */
  total?: { present: boolean; value: unknown };
  /** The parsed JSON request body (POST). */
  requestJson?: unknown;
  /** The exchange's own date (epoch ms) by the target's clock: its response `Date` header, else when it was recorded. */
  at?: number;
  /** The latest earlier reading of the same request by the same caller (a retry, a refetch). */
  earlierPage?: Reading;
  /** The latest earlier `total` of the same query by the same caller (any page of it). */
  earlierTotal?: Reading;
  /** On a status operation's 200: the latest 200 readings of the same request through the other status operations, by the same caller. */
  statusReadings?: StatusReading[];
}

/** A violated expectation, one line each; its mark (where, rule, clause, divergence) when the rule knows it. */
export interface Problem extends ViolationMark {
  message: string;
  expected: string;
  received: string;
  /** The check the violation counts for, when the rule reports under several ids. */
  check?: string;
  /** The catalogued divergence of the live service that explains it (specs/clauses.yaml), if one does. */
  divergence?: string;
}


/** A verdict the oracle withholds on an exchange it applies to: what it shows cannot decide (not counted as checked). */
export interface Withheld {
  withheld: string;
}

/** What an oracle's judgement returns: undefined (pass), a violation, or a withheld verdict. */
export type Judgement = Problem | Withheld | undefined;

/** Whether a judgement is a withheld verdict. */
export const isWithheld = (j: Judgement): j is Withheld => j !== undefined && 'withheld' in j;

/** One oracle of the registry. */
export interface Oracle {
  /** Check id; an oracle may report some problems under another id (see {@link Problem.check}). */
  id: string;
  /** Every id the oracle may report under (for the per-check counts). */
  ids?: string[];
  /** The id an exchange counts under when the oracle has several (default {@link id}). */
  idFor?(s: Seen): string;
  /**
   * The operation it judges (`GET /requests/v3`; `*` for several), for the check the registry
   * derives when no active check has its id (checks/oracle-checks.ts). Default `*`.
   */
  operation?: string;
  applies(s: Seen): boolean;
  judge(s: Seen): Judgement;
}

/** The former name of {@link Oracle} (rules written in that shape plug in unchanged). */
export type PassiveRule = Oracle;

export const status = (s: Seen): number => s.exchange.response?.status ?? 0;
export const ok = (op: string) => (s: Seen) => s.exchange.operation === op && status(s) === 200;
export const page = (s: Seen): s is Seen & { records: RecordJson[] } => s.exchange.operation === V3 && status(s) === 200 && s.records !== undefined;
export const int = (v: string | null): number | undefined => (v !== null && /^-?\d+$/.test(v.trim()) ? Number(v) : undefined);
export const num = (v: string | null): number | undefined => (v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** The query that sets a page's filters: its chain's first page (a continuation page repeats or omits them). */
export const chainQuery = (s: Seen): URLSearchParams => s.chain?.query ?? s.query;

/** The first record of a page that fails `bad`, as a Received line. */
export function firstBad(records: readonly RecordJson[], bad: (r: RecordJson) => string | undefined): string | undefined {
  for (const r of records) {
    const why = bad(r);
    if (why !== undefined) return `id ${recordId(r) ?? '?'}: ${why}`;
  }
  return undefined;
}
