/**
 * Applies the passive oracles to every observed exchange, keeps per-check counts (exchanges checked,
 * violations, the first violation as the reproduction) and turns them into the kit's
 * {@link RunResult}, so that the reporters render passive runs like active ones. Memory is bounded:
 * no exchange is kept but the first violating one per check (its body cut to 4 KiB).
 */
import { clauses as specClauses, openapi as specOpenapi, specHash } from '@crosschain/specs';
import { createHmac, randomBytes } from 'node:crypto';
import { recordsOfBody, cursorOfBody } from '../contract/list-wrapper.js';
import { idsOf } from '../contract/record.js';
import { isObject } from '../contract/outcome.js';
import { clauseMatrix, type ClauseEntry } from '../engine/clause-matrix.js';
import { exitCodeOf, markOf, outcomeBase, toOutcome } from '../engine/outcome.js';
import { buildRunResult } from '../engine/result.js';
import { fingerprintKey, fingerprintOf } from '../contract/fingerprint.js';
import { EXIT, type CheckDefinition, type CheckOutcome, type Exchange, type RunResult, type Violation, type ViolationKind } from '../contract/types.js';
import { validatorFor, type OpenApiDocument, type ResponseValidator } from '../contract/validator.js';
import { familyOf } from '../contract/family.js';
import { ChainTracker, Readings } from './chains.js';
import { ruleMetaOf } from './rules.js';
import { STATUS_OPERATIONS, type StatusReading } from './intent-status-versions.js';
import { displayRedactor, hasApiKey, parseUrl, redactResponse, toExchange, withCurl, type ObservedExchange } from './observed.js';
import { ORACLES, V3, asked, isWithheld, oracleCheckIds, type Judgement, type Oracle, type Problem, type Seen } from './index.js';
import { FRAME_ORACLES, STREAM_ORACLES, WS_OPERATION, conversationOf, conversationProblems, messageOf, type FrameOracle, type StreamOracle, type StreamView } from './ws-frames.js';
import type { WsMessage } from '../contract/events.js';

/** One violation of one exchange, as the proxy reports it (header, log line). */
export interface Finding {
  check: string;
  message: string;
  /** The catalogued divergence of the live service that explains it (specs/clauses.yaml), if one does. */
  divergence?: string;
}

interface Tally {
  checked: number;
  violations: number;
  /** The first violation of each distinct fingerprint (at most {@link MAX_KINDS}), with its count. */
  kinds: Map<string, { first: Violation; count: number }>;
  /** New violations (no catalogued divergence) of fingerprints beyond the bound: counted, not kept. */
  unkept: number;
}

/** Distinct violations kept per check (memory stays bounded on any traffic). */
const MAX_KINDS = 20;

/** The violation a passive outcome shows: the first new one (no catalogued divergence), else the first. */
function shownOf(t: Tally): Violation | undefined {
  const all = [...t.kinds.values()].map((k) => k.first);
  return all.find((v) => v.divergence === undefined) ?? all[0];
}

const KEEP_BODY = 4 * 1024;

/** The exchange kept as a reproduction: its curl built, body cut, JSON dropped. */
function compact(raw: Exchange, redact: (text: string) => string): Exchange {
  const e = redactResponse(raw, redact);
  const r = e.response;
  if (!r) return withCurl(e);
  const cut = r.bodyText.length > KEEP_BODY;
  return { ...withCurl(e), response: { ...r, json: undefined, bodyText: cut ? `${r.bodyText.slice(0, KEEP_BODY)}…` : r.bodyText, truncated: cut || r.truncated === true } };
}

function requestJson(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** Requests whose latest status readings are kept. */
const MAX_STATUS_READINGS = 1_000;

/** Distinct credentials whose caller hash is kept. */
const MAX_CALLERS = 1_000;

export interface AuditorOptions {
  rules?: readonly Oracle[];
  /** The oracles of a websocket conversation's opening and of its messages (default: every one of oracles/ws-frames.ts). */
  streamRules?: readonly StreamOracle[];
  frameRules?: readonly FrameOracle[];
  /** Whether the rules of a whole conversation judge it too (acknowledgements, pushes against subscriptions, error answers); default true. */
  conversationRules?: boolean;
  validator?: ResponseValidator;
  /**
   * Accept the catalogued divergences of the live service (`--accept-divergences`): a check whose
   * violations are all divergences ends `known` instead of failing. Off by default: the document
   * wins, so a server that behaves as the live service does where they differ still fails, labelled.
   */
  acceptDivergences?: boolean;
}

/** How one exchange is observed. */
export interface ObserveOptions {
  /**
   * The engine's own exchange of `o` (the active run): already redacted, parsed, schema-validated
   * and its list wrapper described by the same validator, so it is not parsed and validated again.
   */
  exchange?: Exchange;
}

/** The default options, shared (no allocation per exchange on the proxy's path). */
const NO_OPTIONS: ObserveOptions = Object.freeze({});

export class PassiveAuditor {
  private readonly rules: readonly Oracle[];
  private readonly streamRules: readonly StreamOracle[];
  private readonly frameRules: readonly FrameOracle[];
  private readonly conversationRules: boolean;
  private readonly validator: ResponseValidator;
  private readonly chains = new ChainTracker();
  private readonly readings = new Readings();
  /** A per-auditor secret: callers are told apart by an HMAC of their credentials, kept in memory only. */
  private readonly secret = randomBytes(32);
  private readonly tallies = new Map<string, Tally>();
  private seq = 0;
  private answered = 0;
  /** See {@link AuditorOptions.acceptDivergences}. */
  readonly acceptDivergences: boolean;

  constructor(options: AuditorOptions = {}) {
    this.acceptDivergences = options.acceptDivergences === true;
    this.rules = options.rules ?? ORACLES;
    this.streamRules = options.streamRules ?? STREAM_ORACLES;
    this.frameRules = options.frameRules ?? FRAME_ORACLES;
    this.conversationRules = options.conversationRules ?? true;
    this.validator = options.validator ?? validatorFor(specOpenapi as OpenApiDocument);
    // The websocket oracles count only where a conversation was observed (their tallies made on first use).
    for (const id of oracleCheckIds(this.rules)) this.tallies.set(id, { checked: 0, violations: 0, kinds: new Map(), unkept: 0 });
  }

  /** Exchanges observed so far. */
  get exchanges(): number {
    return this.seq;
  }

  /** Judges one exchange with every oracle that applies; returns its violations. */
  observe(o: ObservedExchange, options: ObserveOptions = NO_OPTIONS): Finding[] {
    this.seq += 1;
    if (o.status <= 0) return [];
    this.answered += 1;
    const parsed = parseUrl(o.url);
    if (o.webSocket !== undefined) return this.observeStream(o, parsed);
    const exchange = options.exchange ?? toExchange(o, this.seq, this.validator, parsed);
    const query = parsed?.searchParams ?? new URLSearchParams();
    const seen: Seen = { exchange, query, hasKey: hasApiKey(o), requestJson: requestJson(o.requestBody) };
    const json = exchange.response?.json;
    const records = exchange.operation === V3 && o.status === 200 ? recordsOfBody(json) : undefined;
    const served = this.servedAt(o.responseHeaders['date']);
    // The v2 timeline is the target's (as the active run reads it: the target clock): its `Date` header first, else the recording time.
    const at = served ?? o.startedAt;
    if (at !== undefined) seen.at = at;
    const caller = records ? this.callerOf(o) : '';
    const chain = records ? this.chains.chainOf(query, caller) : undefined;
    // A continuation page of an unknown walk has no query of its own to count: its total is not compared.
    const walkKnown = chain !== undefined && (chain.view.parent !== undefined || (query.get('continuation') ?? '') === '');
    const keys = records ? { page: this.readings.pageKey(query, caller), total: walkKnown ? this.readings.totalKey(chain!.view.query, caller) : undefined } : undefined;
    if (records && chain) {
      seen.records = records;
      seen.chain = chain.view;
      const cursor = cursorOfBody(json)?.value;
      if (cursor !== undefined) seen.cursor = cursor;
      seen.total = { present: isObject(json) && 'total' in json, value: isObject(json) ? json.total : undefined };
      const again = this.readings.page(keys!.page);
      if (again) seen.earlierPage = again;
      const counted = keys!.total === undefined ? undefined : this.readings.total(keys!.total);
      if (counted) seen.earlierTotal = counted;
    }
    const statusKey = this.statusKeyOf(exchange.operation, o, query);
    if (statusKey !== undefined) {
      const byOp = this.statusReadings.get(statusKey);
      if (byOp !== undefined) {
        const others: StatusReading[] = [];
        for (const r of byOp.values()) if (r.operation !== exchange.operation) others.push(r);
        if (others.length > 0) seen.statusReadings = others;
      }
    }
    const findings: Finding[] = [];
    let redact: ((text: string) => string) | undefined;
    let judgedBy = 0;
    const families = new Set<string>();
    for (const rule of this.rules) {
      if (!rule.applies(seen)) continue;
      const id = rule.idFor?.(seen) ?? rule.id;
      let judgement: Judgement;
      try {
        judgement = rule.judge(seen);
      } catch (err) {
        judgement = { message: `the oracle could not judge this exchange: ${err instanceof Error ? err.message : String(err)}`, expected: 'a judgeable response', received: 'an exception in the kit' };
      }
      // A withheld verdict: the exchange applies but cannot decide; it is not counted as checked.
      if (judgement !== undefined && isWithheld(judgement)) continue;
      judgedBy += 1;
      redact = this.count(id, judgement, { o, parsed, exchange, families, findings, redact });
    }
    if (statusKey !== undefined) this.recordStatus(statusKey, { operation: exchange.operation!, body: json });
    for (const family of families) this.familyExchanges.set(family, (this.familyExchanges.get(family) ?? 0) + 1);
    if (judgedBy === 0) this.noteUnjudged(exchange.operation ?? `${o.method} ${parsed?.pathname ?? o.url}`);
    else this.judged += 1;
    if (records && chain) {
      const readAt = served ?? o.startedAt;
      this.chains.advance(chain, records, seen.cursor, readAt);
      const total = seen.total?.present && asked(query) && typeof seen.total.value === 'number' ? seen.total.value : undefined;
      this.readings.record(keys!.page, keys!.total, { ids: idsOf(records), ...(total !== undefined ? { total } : {}), ...(readAt !== undefined ? { readAt } : {}) });
    }
    return findings;
  }

  /**
   * Counts one judgement of oracle `id` (its exchange checked) and keeps a violation: redacted for
   * display, fingerprinted, the first of each kind kept with its exchange as the reproduction. Returns
   * the display redactor of the exchange once one was needed (made once per exchange).
   */
  private count(
    id: string,
    judgement: Problem | undefined,
    at: { o: ObservedExchange; parsed: URL | undefined; exchange: Exchange; families: Set<string>; findings: Finding[]; redact: ((text: string) => string) | undefined },
  ): ((text: string) => string) | undefined {
    this.tally(id).checked += 1;
    at.families.add(this.familyOf(id));
    if (!judgement) return at.redact;
    const judged: Problem = judgement;
    // The oracles judged the response as sent; what is kept and printed of it has the key removed.
    const redact = at.redact ?? displayRedactor(at.o, at.parsed);
    const problem: Problem = { ...judged, message: redact(judged.message), expected: redact(judged.expected), received: redact(judged.received) };
    const check = problem.check ?? id;
    const t = this.tally(check);
    if (check !== id) {
      t.checked += 1;
      at.families.add(this.familyOf(check));
    }
    t.violations += 1;
    const divergence = judged.divergence;
    const mark = markOf({ ...problem, ...(divergence ? { divergence } : {}) });
    const key = fingerprintKey(fingerprintOf({ id: check, operation: at.exchange.operation ?? '', clauses: this.clausesOf(check) }, { ...mark, expected: problem.expected }));
    const kind = t.kinds.get(key);
    if (kind) kind.count += 1;
    else if (t.kinds.size < MAX_KINDS) t.kinds.set(key, { first: { message: problem.message, expected: problem.expected, received: problem.received, ...mark, exchange: compact(at.exchange, redact) }, count: 1 });
    else if (!mark.divergence) t.unkept += 1;
    at.findings.push({ check, message: `${problem.message}: expected ${problem.expected}; received ${problem.received}`, ...(mark.divergence ? { divergence: mark.divergence } : {}) });
    return redact;
  }

  /**
   * Judges a websocket conversation (a recording's upgrade entry with its frames): the stream
   * oracles on its opening, the frame oracles on each message received (oracles/ws-frames.ts).
   */
  private observeStream(o: ObservedExchange, parsed: URL | undefined): Finding[] {
    const frames = o.webSocket!.frames;
    const t0 = o.startedAt ?? (frames[0] !== undefined ? frames[0].time * 1000 : 0);
    const messages: WsMessage[] = [];
    for (const f of frames) {
      // Control frames (a close, opcode 8 and above) carry no message of the stream.
      if (f.type !== 'receive' || f.opcode >= 8) continue;
      const text = f.opcode === 2 ? `<binary frame, ${Buffer.from(f.data, 'base64').length} bytes>` : f.data;
      messages.push(f.opcode === 2 ? { seq: messages.length + 1, at: Math.max(0, Math.round(f.time * 1000 - t0)), text, json: undefined, kind: 'unknown' } : messageOf(messages.length + 1, Math.max(0, Math.round(f.time * 1000 - t0)), text));
    }
    const view: StreamView = { url: o.url, status: o.status, messages };
    const exchange: Exchange = { ...toExchange({ ...o, bodyText: '' }, this.seq, this.validator, parsed), operation: WS_OPERATION };
    const findings: Finding[] = [];
    const families = new Set<string>();
    let redact: ((text: string) => string) | undefined;
    let judgedBy = 0;
    const judge = (id: string, j: () => Judgement) => {
      let judgement: Judgement;
      try {
        judgement = j();
      } catch (err) {
        judgement = { message: `the oracle could not judge this message: ${err instanceof Error ? err.message : String(err)}`, expected: 'a judgeable message', received: 'an exception in the kit' };
      }
      if (judgement !== undefined && isWithheld(judgement)) return;
      judgedBy += 1;
      redact = this.count(id, judgement, { o, parsed, exchange, families, findings, redact });
    };
    for (const r of this.streamRules) if (r.applies(view)) judge(r.id, () => r.judge(view));
    for (const m of messages) for (const r of this.frameRules) if (r.applies(m, view)) judge(r.id, () => r.judge(m, view));
    if (this.conversationRules) for (const { id, problem } of conversationProblems(conversationOf(frames, messages), messages)) judge(id, () => problem);
    for (const family of families) this.familyExchanges.set(family, (this.familyExchanges.get(family) ?? 0) + 1);
    if (judgedBy === 0) this.noteUnjudged(`websocket ${parsed?.pathname ?? o.url}`);
    else this.judged += 1;
    return findings;
  }

  /** The last `Date` header read and its time (a server sends the same one for a second's answers). */
  private lastDate: { text: string | undefined; at: number | undefined } = { text: undefined, at: undefined };

  /** The time a response's `Date` header gives, else undefined. */
  private servedAt(text: string | undefined): number | undefined {
    if (text === undefined) return undefined;
    if (text !== this.lastDate.text) {
      const at = Date.parse(text);
      this.lastDate = { text, at: Number.isFinite(at) ? at : undefined };
    }
    return this.lastDate.at;
  }

  /** The latest 200 reading of each status operation, per caller and requestId (bounded, oldest forgotten first). */
  private readonly statusReadings = new Map<string, Map<string, StatusReading>>();

  /** The key of a 200 of a status operation (caller and requestId), else undefined. */
  private statusKeyOf(operation: string | undefined, o: ObservedExchange, query: URLSearchParams): string | undefined {
    const id = query.get('requestId');
    if (operation === undefined || !STATUS_OPERATIONS.includes(operation) || o.status !== 200 || id === null || id === '') return undefined;
    return `${this.callerOf(o)}\n${id}`;
  }

  private recordStatus(key: string, reading: StatusReading): void {
    let byOp = this.statusReadings.get(key);
    if (byOp) this.statusReadings.delete(key);
    else byOp = new Map();
    byOp.set(reading.operation, reading);
    this.statusReadings.set(key, byOp);
    if (this.statusReadings.size > MAX_STATUS_READINGS) this.statusReadings.delete(this.statusReadings.keys().next().value!);
  }

  /** Answered exchanges at least one oracle judged. */
  private judged = 0;
  /** What the answered exchanges no oracle judged were (operation, else method and path), with their counts; bounded. */
  private readonly unjudged = new Map<string, number>();

  private noteUnjudged(what: string): void {
    const n = this.unjudged.get(what);
    if (n !== undefined) this.unjudged.set(what, n + 1);
    else if (this.unjudged.size < 10) this.unjudged.set(what, 1);
  }

  /**
   * Why a run that had answers tested nothing (never PASSED), or undefined when an
   * oracle judged one of them: as the active run, a run that tested nothing is never green.
   */
  private nothingJudged(): string | undefined {
    if (this.answered === 0 || this.judged > 0) return undefined;
    const what = [...this.unjudged].map(([op, n]) => `${op} (${n})`).join(', ');
    return `no check could judge any of the ${this.answered} answered exchange${this.answered === 1 ? '' : 's'} (${what}): nothing was tested`;
  }

  /** Callers by credentials, so that a key seen again is not hashed again (bounded; in memory only). */
  private readonly callers = new Map<string, string>();

  /** Who made a request: an HMAC of its credential headers under this auditor's secret ('' without any). */
  private callerOf(o: ObservedExchange): string {
    const h = o.requestHeaders;
    const credentials = [h['x-api-key'], h['authorization']].filter((v) => v !== undefined && v !== '').join('\n');
    if (credentials === '') return '';
    let caller = this.callers.get(credentials);
    if (caller === undefined) {
      caller = createHmac('sha256', this.secret).update(credentials).digest('base64url').slice(0, 16);
      if (this.callers.size >= MAX_CALLERS) this.callers.delete(this.callers.keys().next().value!);
      this.callers.set(credentials, caller);
    }
    return caller;
  }

  /**
   * Per family, the exchanges its checks judged, each counted once however many of its checks
   * judged it: the family's "requests" in the reports (the sum of its checks' counts would count
   * judgements, several per exchange).
   */
  private readonly familyExchanges = new Map<string, number>();
  private readonly familyCache = new Map<string, string>();

  private familyOf(id: string): string {
    let family = this.familyCache.get(id);
    if (family === undefined) {
      family = ruleMetaOf(id) !== undefined ? familyOf(id) : id.split('.').slice(0, 2).join('.');
      this.familyCache.set(id, family);
    }
    return family;
  }

  /** The operation of the oracle that reports under `id` (a derived rule's description takes it). */
  private operationOf(id: string): string | undefined {
    return this.rules.find((o) => (o.ids ?? [o.id]).includes(id))?.operation;
  }

  private readonly clauseCache = new Map<string, string[]>();

  /** The clauses of a check (for the fingerprint's default clause). */
  private clausesOf(id: string): string[] {
    let c = this.clauseCache.get(id);
    if (!c) {
      c = [...(ruleMetaOf(id)?.clauses ?? [])];
      this.clauseCache.set(id, c);
    }
    return c;
  }

  private tally(id: string): Tally {
    let t = this.tallies.get(id);
    if (!t) {
      t = { checked: 0, violations: 0, kinds: new Map(), unkept: 0 };
      this.tallies.set(id, t);
    }
    return t;
  }

  /**
   * The run result over everything observed: one outcome per passive check (pass with the count of
   * exchanges checked, fail/warn with the first violation, skip when no exchange applied).
   * Exit code 5 (inconclusive) when nothing was observed or no oracle could judge anything observed
   * (never PASSED: a run that tested nothing is not green), 4 when nothing observed had a response.
   */
  result(meta: { startedAt: Date; target: string; config: Record<string, unknown>; replay: string; strict?: boolean }): RunResult {
    const levels = new Map((specClauses as readonly ClauseEntry[]).map((c) => [c.id, c.level]));
    const outcomes: CheckOutcome[] = [];
    const used: CheckDefinition[] = [];
    for (const [id, t] of this.tallies) {
      const rule = ruleMetaOf(id, this.operationOf(id));
      // A check definition for the outcome and the clause matrix: the rule's description, else (a rule of the caller's own) its id.
      const def: CheckDefinition = rule
        ? { id, family: familyOf(id), title: rule.title, clauses: [...rule.clauses], operation: rule.operation, run: async () => ({ status: 'skip', reason: '' }) }
        : { id, family: id.split('.').slice(0, 2).join('.'), title: id, clauses: [], operation: '', run: async () => ({ status: 'skip', reason: '' }) };
      used.push(def);
      const base = outcomeBase(def, levels, 0, meta.replay);
      const shown = shownOf(t);
      const result =
        shown !== undefined
          ? { status: 'fail' as const, violation: shown }
          : t.checked === 0
            ? { status: 'skip' as const, reason: 'no observed exchange this oracle applies to' }
            : { status: 'pass' as const, note: `${t.checked} exchange${t.checked === 1 ? '' : 's'} checked` };
      const outcome = toOutcome(base, result, meta.strict === true, 0, t.checked, (x) => x);
      if (shown === undefined) {
        outcomes.push(outcome);
        continue;
      }
      const kinds = [...t.kinds.values()].map(({ first: v, count }): ViolationKind => ({ message: v.message, expected: v.expected, received: v.received, ...markOf(v), count }));
      const divergences = [...new Set(kinds.flatMap((k) => (k.divergence ? [k.divergence] : [])))];
      const fresh = kinds.filter((k) => k.divergence === undefined).reduce((n, k) => n + k.count, 0) + t.unkept;
      const count = `${t.violations} of ${t.checked} exchanges violate it`;
      const labelled = divergences.length > 0 ? `; ${t.violations - fresh} of them catalogued divergence${divergences.length === 1 ? '' : 's'} of the live service (${divergences.join(', ')})` : '';
      // Violations that are all catalogued divergences fail, labelled, unless the divergences are accepted (then known); a new violation always fails.
      outcomes.push({ ...outcome, ...(fresh === 0 && this.acceptDivergences ? { status: 'known' as const } : {}), reason: `${count}${labelled}`, ...(kinds.length > 1 || divergences.length > 0 ? { violations: kinds } : {}) });
    }
    const finishedAt = new Date();
    const nothing = this.nothingJudged();
    return buildRunResult({
      specHash,
      startedAt: meta.startedAt,
      finishedAt,
      durationMs: finishedAt.getTime() - meta.startedAt.getTime(),
      config: meta.config,
      seed: 0,
      target: { baseUrl: meta.target, embedded: false },
      passive: { command: meta.config.command === 'proxy' ? 'proxy' : 'audit', exchangesByFamily: Object.fromEntries([...this.familyExchanges].sort(([a], [b]) => a.localeCompare(b))) },
      outcomes,
      requests: this.seq,
      exitCode: this.seq === 0 || nothing !== undefined ? EXIT.inconclusive : exitCodeOf(outcomes, this.answered === 0),
      aborted:
        this.seq === 0
          ? 'no exchange was observed: nothing to judge'
          : this.answered === 0
            ? `none of the ${this.seq} observed exchanges had a response (the target answered nothing)`
            : nothing,
      clauses: clauseMatrix(specClauses as readonly ClauseEntry[], used, outcomes),
    });
  }
}
