/**
 * Checks over all four operations: JSON bodies (API document, "All bodies are JSON"), no server
 * error on bad input (RFC 9110 §15.5-15.6: invalid client input is a client error), and the error
 * body shape the live service uses (live-service facts §1.5, SHOULD).
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { rangeBoundaries } from '../engine/boundaries.js';
import { allInOrder } from '../engine/concurrent.js';
import { brief, violate } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, Exchange, QueryValue, RequestSpec } from '../contract/types.js';
import { OperationStalledError } from '../contract/types.js';
import { BODY_PROPERTIES, QUERY_PARAMETERS } from '@crosschain/specs';
import { V2_PARAMS, V3_PARAMS, type Kind } from '../oracles/parameters.js';
import { V2_LOCK, datedContext, retiredReason } from './requests-v2.js';
import { sendAnswered } from './support/answered.js';
import { fromProperty, pass, skip, statusLine } from '../contract/outcome.js';
import { noServerError as noServerErrorOracle, validInput, validInputAccepted } from '../oracles/general.js';
import { errorBodyShape, jsonBodies } from '../oracles/bodies.js';
import { ruleOf } from '../oracles/rules.js';

/** Bad inputs of the sweep in flight at once: enough to fill --max-rps 50 on a target 100 ms away. */
const SWEEP_CONCURRENCY = 8;
/** The four operations of the document. */
export const OPERATIONS = ['POST /currencies/v2', 'GET /intents/status', 'GET /requests/v3', 'GET /requests/v2'] as const;
/** Operation key of the checks that span all four operations. */

/** Exchanges of the four operations with a response (v2 left out once it is retired). */
/** What {@link validInput} reads of an exchange of the run: its query, whether it carried a key, its JSON body. */
function seenOfRequest(e: Exchange): Parameters<typeof validInput>[0] {
  let query = new URLSearchParams();
  try {
    query = new URL(e.request.url).searchParams;
  } catch {
    // A URL the engine built is always absolute; an unreadable one has no parameters to judge.
  }
  let requestJson: unknown;
  try {
    requestJson = e.request.body === undefined ? undefined : (JSON.parse(e.request.body) as unknown);
  } catch {
    requestJson = undefined;
  }
  return { exchange: e, query, hasKey: (e.request.headers['x-api-key'] ?? '') !== '', requestJson };
}

function answeredExchanges(ctx: CheckContext): Exchange[] {
  const ops = retiredReason(ctx) ? OPERATIONS.filter((o) => o !== 'GET /requests/v2') : OPERATIONS;
  return ops.flatMap((op) => ctx.exchangesFor(op)).filter((e) => e.response !== undefined).sort((a, b) => a.seq - b.seq);
}

// ── Bad inputs, per operation and parameter ────────────────────────────────────────────────────

/** A bad input: what it is, and the request that carries it. */
export interface BadInput {
  label: string;
  req: RequestSpec;
  /** The context to send it in, when not the check's own (v2 inputs: the target inside the v2 window). */
  via?: CheckContext;
  /**
   * The other parameters (or body fields) of the same schema this input stands for: the sweep sends
   * one bad value per schema group ({@link schemaGroups}), and its coverage names them.
   */
  covers?: readonly string[];
  /** What the coverage calls the probe that stands for `covers` (default: the label up to its value). */
  coverLabel?: string;
}

/** Parameters (or body fields) that share one schema, and the one the sweep sends the bad value to. */
export interface SchemaGroup {
  /** The kind of bad value and the schema without its default (what a validator reads). */
  key: string;
  members: readonly string[];
  representative: string;
}

/** A schema as a validator reads it: without `default`, `description` and `example`, keys sorted. */
function schemaKey(schema: unknown): string {
  if (Array.isArray(schema)) return `[${schema.map(schemaKey).join(',')}]`;
  if (schema === null || typeof schema !== 'object') return JSON.stringify(schema);
  const entries = Object.entries(schema as Record<string, unknown>)
    .filter(([k]) => k !== 'default' && k !== 'description' && k !== 'example' && k !== 'examples')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${schemaKey(v)}`).join(',')}}`;
}

/**
 * The parameters (or body fields) of an operation grouped by the schema a validator reads (type,
 * format, enum, bounds, items; plus the kind of bad value the sweep sends, which sets apart the
 * strings the service restricts, the cursor and the filters), in declaration order. Parameters of
 * one group go through one validation path of a schema-driven server: one bad value per group
 * exercises it (the request budget). The representative rotates with the run's seed, so
 * that runs at other seeds probe the other members; the random part of the check draws from every
 * parameter whatever the seed.
 */
export function schemaGroups(schemas: Readonly<Record<string, unknown>>, kindOf: (name: string) => string, seed: number): SchemaGroup[] {
  const groups = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    const key = `${kindOf(name)} ${schemaKey(schema)}`;
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups].map(([key, members]) => ({ key, members, representative: members[Math.abs(seed) % members.length]! }));
}

/** The requests of a sweep that stand for other parameters or bodies of their schema, each with those it stands for. */
function sharedProbes(inputs: readonly BadInput[]): string[] {
  return inputs.filter((i) => (i.covers?.length ?? 0) > 0).map((i) => `${i.coverLabel ?? i.label.replace(/=.*$/, '')} (also ${i.covers!.length}: ${i.covers!.join(', ')})`);
}

/**
 * Any code point but a half surrogate: what fast-check's `unit: 'binary'` draws, without the table
 * of the whole code-point range it builds at module load (about 80 MB heap and 1.5 s).
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800));

const BAD_VALUES: Record<Kind, { canonical: string; arb: fc.Arbitrary<string> }> = {
  number: {
    canonical: 'abc',
    arb: fc.oneof(
      fc.constantFrom('abc', '-1', '1e400', 'NaN', 'Infinity', '', '1.5.2', '0x1g', '99999999999999999999999999', ' 12', '1,2'),
      fc.double().map(String),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
      fc.string({ maxLength: 12 }),
    ),
  },
  enum: {
    canonical: 'not-a-value',
    arb: fc.oneof(fc.constantFrom('', 'bogus', 'delayed', 'DESC ', 'null', '[]', '%00'), fc.string({ maxLength: 16 })),
  },
  boolean: {
    canonical: 'maybe',
    arb: fc.oneof(fc.constantFrom('maybe', '2', '', 'yes', 'TRUE ', 'null', '-1'), fc.string({ maxLength: 8 })),
  },
  string: {
    canonical: 'x'.repeat(2048),
    arb: fc.oneof(
      fc.constantFrom('x'.repeat(2048), '%', "' OR 1=1 --", '\u0000', '😀\u202e', '../../etc/passwd', '{"$gt":""}', ' '),
      fc.string({ maxLength: 40, unit: anyCodePoint }),
    ),
  },
  cursor: {
    canonical: 'not-a-cursor',
    arb: fc.oneof(
      fc.constantFrom('not-a-cursor', '', '0', '-1', 'null', 'eyJ4IjoxfQ==', '%%%'),
      fc.json({ maxDepth: 2 }).map((json) => Buffer.from(json).toString('base64url')),
      fc.base64String({ maxLength: 40 }),
      fc.string({ maxLength: 40 }),
    ),
  },
  filters: {
    canonical: 'not json',
    arb: fc.oneof(
      fc.constantFrom(
        'not json',
        '{}',
        '[1]',
        'null',
        '[null]',
        '[[]]',
        '"x"',
        '[{"status":{}}]',
        '[{"not-a-key":1}]',
        '[{"not:not-a-key":["x"]}]',
        '[{"status":[null,"success"]}]',
        '[{"not:":1}]',
        '[{"amountUsdMin":1}]',
        `${'['.repeat(300)}${']'.repeat(300)}`,
        '[{"status":',
      ),
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 30 }),
    ),
  },
};

/**
 * Values that pass the first reading of their parameter and break a later one (from the
 * mutation bench): a continuation that is valid base64url of JSON other than a cursor object, and
 * filters groups whose key (or not: key) is none of the document's. Swept on GET /requests/v3.
 */
const SHAPE_VALUES: ReadonlyArray<readonly [string, string]> = [
  ...['null', '[]', '{}', '1'].map((json) => ['continuation', Buffer.from(json).toString('base64url')] as const),
  ['filters', '[{"notAFilterKey":["x"]}]'],
  ['filters', '[{"not:notAFilterKey":["x"]}]'],
];

/** POST /currencies/v2 body fields (API document) with values of a wrong type or out of range. */
const CURRENCY_FIELD_BAD: Record<string, unknown[]> = {
  defaultList: ['yes', 3, [], null],
  chainIds: ['abc', ['x'], [-1], [1e30], {}, 1],
  term: [{}, 123, [], true],
  address: [123, [], {}, false],
  currencyId: [[], {}, 5.5],
  tokens: ['1:0xabc', ['nocolon'], [123], [null], ['abc:0x1']],
  verified: ['yes', 1, null, {}],
  limit: [-1, 0, 'ten', 1e12, 1.5, null, true, -1e308],
  includeAllChains: ['x', 3, []],
  useExternalSearch: ['no', {}, 0],
  depositAddressOnly: [[], 'true', 2],
};

/** Whole bodies that are not a JSON object (or not JSON at all): the random part draws from all. */
const CURRENCY_BAD_BODIES: string[] = ['{not json', '[]', '"x"', '42', 'null', '{"limit":', '[{"limit":1}]', '{"limit":1}}'];

/**
 * The bad bodies the sweep sends, one per way a body is refused: text that does not parse (cut
 * short or with trailing text alike), JSON null (typeof 'object'), an array (typeof 'object'), a
 * JSON scalar; each with the bodies of {@link CURRENCY_BAD_BODIES} it stands for.
 */
const SWEPT_BODIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['{not json', ['{"limit":', '{"limit":1}}']],
  ['null', []],
  ['[]', ['[{"limit":1}]']],
  ['"x"', ['42']],
];

function windowOf(ctx: CheckContext): Record<string, QueryValue> {
  return { startTimestamp: ctx.discovery.window.start, endTimestamp: ctx.discovery.window.end };
}

function queryInput(ctx: CheckContext, path: '/requests/v3' | '/requests/v2', param: string, value: string, covers?: readonly string[]): BadInput {
  /** The window bounds the server's work, except where the bound itself is the bad value. */
  const base: Record<string, QueryValue> = param === 'startTimestamp' || param === 'endTimestamp' ? { limit: 5 } : { ...windowOf(ctx), limit: 5 };
  return {
    label: `GET ${path} with ${param}=${brief(value, 60)}`,
    req: { method: 'GET', path, query: { ...base, [param]: value }, ...(path === '/requests/v2' ? { acceptRateLimit: true } : {}) },
    ...(path === '/requests/v2' ? { via: ctx } : {}),
    ...(covers && covers.length > 0 ? { covers } : {}),
  };
}

function statusInput(value: string | undefined): BadInput {
  return {
    label: value === undefined ? 'GET /intents/status without an id' : `GET /intents/status with requestId=${brief(value, 60)}`,
    req: { method: 'GET', path: '/intents/status', query: value === undefined ? {} : { requestId: value } },
  };
}

function currencyInput(body: unknown, label: string, headers?: Record<string, string>): BadInput {
  return { label: `POST /currencies/v2 with ${label}`, req: { method: 'POST', path: '/currencies/v2', body, ...(headers ? { headers } : {}) } };
}

/**
 * The v3 range pairs beside the timestamps, with a plausible value of each: pairs of the same schema
 * (numbers at both ends), so the sweep sends the edges to one of them, rotating with the run's seed.
 */
const NUMBER_RANGE_PAIRS: ReadonlyArray<readonly [string, string, number]> = [
  ['startBlock', 'endBlock', 1_000_000],
  ['amountUsdMin', 'amountUsdMax', 100],
  ['appFeesAmountUsdMin', 'appFeesAmountUsdMax', 1],
  ['fillTimeMin', 'fillTimeMax', 60],
];

/**
 * The v3 range pairs at their edges (boundaries.ts): equal bounds, min above max, 0, negative, huge;
 * the timestamp pair (it bounds the window) and one of {@link NUMBER_RANGE_PAIRS}, standing for the others.
 */
function rangeInputs(ctx: CheckContext): BadInput[] {
  const chosen = NUMBER_RANGE_PAIRS[Math.abs(ctx.config.seed) % NUMBER_RANGE_PAIRS.length]!;
  const covers = NUMBER_RANGE_PAIRS.filter((p) => p !== chosen).map(([lo, hi]) => `${lo}/${hi}`);
  const pairs: Array<readonly [string, string, number]> = [['startTimestamp', 'endTimestamp', ctx.discovery.window.end], chosen];
  return pairs.flatMap(([lo, hi, v]) => {
    const edges = rangeBoundaries(v);
    return edges.map((e, i) => ({
      label: `GET /requests/v3 with ${lo}=${e.min}&${hi}=${e.max} (${e.label})`,
      req: { method: 'GET' as const, path: '/requests/v3', query: { ...(lo === 'startTimestamp' ? {} : windowOf(ctx)), limit: 5, [lo]: e.min, [hi]: e.max } },
      // The first edge of the chosen pair names the pairs it stands for (once, in the coverage).
      ...(lo !== 'startTimestamp' && i === 0 ? { covers, coverLabel: `GET /requests/v3 with the ${edges.length} range edges of ${lo}/${hi}` } : {}),
    }));
  });
}

/**
 * One canonical bad input per parameter and body field of every operation (a deterministic sweep).
 * `v2` is the context of the v2 inputs (`datedContext(ctx, 'v2-window')`: against the embedded
 * target, its server inside the v2 window whatever today's date); without v2 inputs once retired.
 */
export function sweep(ctx: CheckContext, v2: CheckContext = ctx): BadInput[] {
  const out: BadInput[] = [];
  const seed = ctx.config.seed;
  const others = (g: SchemaGroup) => g.members.filter((m) => m !== g.representative);
  for (const g of schemaGroups(QUERY_PARAMETERS['GET /requests/v3'], (p) => V3_PARAMS[p]!, seed)) {
    out.push(queryInput(ctx, '/requests/v3', g.representative, BAD_VALUES[V3_PARAMS[g.representative]!].canonical, others(g)));
  }
  for (const [param, value] of SHAPE_VALUES) out.push(queryInput(ctx, '/requests/v3', param, value));
  if (!retiredReason(v2)) {
    for (const g of schemaGroups(QUERY_PARAMETERS['GET /requests/v2'], (p) => V2_PARAMS[p]!, seed)) {
      out.push(queryInput(v2, '/requests/v2', g.representative, BAD_VALUES[V2_PARAMS[g.representative]!].canonical, others(g)));
    }
  }
  for (const g of schemaGroups(BODY_PROPERTIES['POST /currencies/v2'], () => 'field', seed)) {
    const value = CURRENCY_FIELD_BAD[g.representative]![0];
    out.push({ ...currencyInput({ [g.representative]: value }, `${g.representative}=${brief(value)}`), ...(others(g).length > 0 ? { covers: others(g) } : {}) });
  }
  for (const [body, covers] of SWEPT_BODIES) out.push({ ...currencyInput(body, `the body ${brief(body)}`), ...(covers.length > 0 ? { covers } : {}) });
  out.push(...rangeInputs(ctx));
  out.push(currencyInput({ limit: 5 }, 'a JSON body sent as text/plain', { 'content-type': 'text/plain' }));
  out.push(statusInput(undefined), statusInput(''), statusInput('x'.repeat(2048)));
  /** The x-api-key header is a parameter of every operation too: an absurdly long made-up key. */
  const longKey = { key: `k${'0'.repeat(2047)}` };
  out.push(
    { label: 'GET /requests/v3 with a 2048-character x-api-key', req: { method: 'GET', path: '/requests/v3', query: { ...windowOf(ctx), limit: 5 }, auth: longKey } },
    { label: 'POST /currencies/v2 with a 2048-character x-api-key', req: { method: 'POST', path: '/currencies/v2', body: { limit: 5 }, auth: longKey } },
    { label: 'GET /intents/status with a 2048-character x-api-key', req: { method: 'GET', path: '/intents/status', query: { requestId: '0x0' }, auth: longKey } },
  );
  return out;
}

/** Random bad inputs over every operation, parameter and body field (`v2` as in {@link sweep}). */
export function badInputs(ctx: CheckContext, v2ctx: CheckContext = ctx): fc.Arbitrary<BadInput> {
  const v3 = fc
    .constantFrom(...Object.entries(V3_PARAMS))
    .chain(([param, kind]) => BAD_VALUES[kind].arb.map((value) => queryInput(ctx, '/requests/v3', param, value)));
  const v2 = fc
    .constantFrom(...Object.entries(V2_PARAMS))
    .chain(([param, kind]) => BAD_VALUES[kind].arb.map((value) => queryInput(v2ctx, '/requests/v2', param, value)));
  const field = fc
    .constantFrom(...Object.entries(CURRENCY_FIELD_BAD))
    .chain(([name, values]) => fc.oneof(fc.constantFrom(...values), fc.anything({ maxDepth: 2 })).map((value) => currencyInput({ [name]: value }, `${name}=${brief(value, 60)}`)));
  const body = fc.oneof(fc.constantFrom(...CURRENCY_BAD_BODIES), fc.string({ maxLength: 30 })).map((b) => currencyInput(b, `the body ${brief(b, 60)}`));
  const status = fc.oneof(BAD_VALUES.string.arb, fc.constant(undefined)).map(statusInput);
  const arbs = [v3, field, body, status, ...(retiredReason(v2ctx) ? [] : [v2])];
  return fc.oneof(...arbs);
}

/**
 * Sends a bad input: only a 5xx or no answer is a violation (a 4xx, or a 2xx ignoring it, is fine).
 * An input to an operation the run stopped sending (it stopped answering: the run's Stalled line
 * and exit code say so) is not judged here again; the sweep goes on with the other operations.
 */
async function expectNoServerError(ctx: CheckContext, input: BadInput): Promise<void> {
  let e: Exchange;
  try {
    e = await sendAnswered(input.via ?? ctx, input.req, input.label);
  } catch (err) {
    if (err instanceof OperationStalledError) return;
    throw err;
  }
  const status = e.response?.status ?? 0;
  if (status >= 500) {
    violate(`Invalid client input must be answered with a 4xx, never a 5xx: ${input.label}`, 'a 4xx (or a 2xx that ignores the value)', statusLine(e), e);
  }
}

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(noServerErrorOracle.id),
    lock: V2_LOCK, // its sweep sends to GET /requests/v2 too
    async run(ctx) {
      const v2 = await datedContext(ctx, 'v2-window');
      const inputs = sweep(ctx, v2);
      // Independent requests: sent a few at once through the shared limiter, the first
      // 5xx in sweep order reported whatever order the answers come in.
      await allInOrder(inputs.map((input) => () => expectNoServerError(ctx, input)), { concurrency: SWEEP_CONCURRENCY });
      const outcome = await ctx.property(badInputs(ctx, v2), (input) => expectNoServerError(ctx, input), {
        numRuns: Math.max(1, Math.min(ctx.config.numRuns, 5)),
      });
      const shared = sharedProbes(inputs);
      const coverage = shared.length > 0 ? `; one request per schema group, standing for the parameters and bodies of its schema: ${shared.join('; ')}` : '';
      return fromProperty(outcome, `${inputs.length} bad inputs swept and ${outcome.numRuns} random bad inputs answered without a 5xx${coverage}`);
    },
  },
  {
    ...ruleOf(jsonBodies.id),
    phase: 'final',
    async run(ctx) {
      const withBody = answeredExchanges(ctx).filter((e) => e.response!.bodyText !== '' && e.response!.status !== 204 && e.response!.status !== 304);
      if (withBody.length === 0) return skip('no response with a body was recorded');
      // Each answer of the run, as it came, is judged by the general.json-bodies oracle (oracles/bodies.ts).
      return pass(`${withBody.length} bodies, each judged by the oracle`);
    },
  },
  {
    id: validInputAccepted.id,
    title: 'A request the document accepts is not rejected (400, 422) and does not fail with an undocumented 5xx',
    clauses: [validInputAccepted.id],
    operation: '*',
    phase: 'final',
    async run(ctx) {
      const valid = answeredExchanges(ctx).filter((e) => validInput(seenOfRequest(e)) !== undefined);
      if (valid.length === 0) return skip('no request of the run was one the document accepts (every one carried a value one exchange cannot judge)');
      // Each answer of the run, as it came, is judged by the general.valid-input-accepted oracle (oracles/general.ts).
      return pass(`${valid.length} valid requests, each answer judged by the oracle`);
    },
  },
  {
    ...ruleOf(errorBodyShape.id),
    phase: 'final',
    async run(ctx) {
      let errors = answeredExchanges(ctx).filter((e) => e.response!.status >= 400 && e.response!.status < 500);
      if (errors.length === 0) {
        await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { ...windowOf(ctx), limit: 1 }, auth: 'none' });
        errors = answeredExchanges(ctx).filter((e) => e.response!.status >= 400 && e.response!.status < 500);
      }
      if (errors.length === 0) return skip('no 4xx response was recorded or could be provoked');
      // Each 4xx of the run, as it came, is judged by the general.error-body-shape oracle (oracles/bodies.ts).
      return pass(`${errors.length} error bodies, each judged by the oracle`);
    },
  },
]);
