/**
 * The bundled OpenAPI document (specs/generated/openapi.json) against the API document's rules:
 * operations, security, parameters, deprecation headers, named-only operations, and the schemas
 * compiled with Ajv 2020-12 in strict mode.
 */
import { describe, expect, it } from 'vitest';
import { openapi } from '../src/index.js';
import { resolvePointer } from './helpers/json-diff.js';
import { createSchemaValidator } from './helpers/schemas.js';

type Json = Record<string, any>;
const doc = openapi as Json;
const schemas = doc.components.schemas as Record<string, Json>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(): { path: string; method: string; op: Json }[] {
  const out: { path: string; method: string; op: Json }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) out.push({ path, method, op: item[method] });
  }
  return out;
}

function op(path: string, method: string): Json {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method.toUpperCase()} ${path} in the bundle`);
  return found;
}

/** Follows one internal `$ref` (`#/components/...`). */
function deref(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  const target = resolvePointer(doc, node.$ref) as Json | undefined;
  if (target === undefined) throw new Error(`dangling reference ${node.$ref}`);
  return target;
}

const schemaValidator = createSchemaValidator();
const validator = (name: string) => schemaValidator.compile(name);
const valid = (name: string, data: unknown): boolean => schemaValidator.validate(name, data).valid;

/** The 43 query parameters of the API document's table (Endpoints > GET /requests/v3). */
const V3_PARAMETERS = [
  'term', 'id', 'orderId', 'depositTxHash', 'fillTxHash', 'refundTxHash',
  'originChainId', 'destinationChainId', 'chainId', 'privateChainsToInclude',
  'user', 'depositAddress', 'recipient',
  'status', 'failReason', 'refundFailReason', 'apiKey', 'requestType',
  'currencyInChainId', 'currencyOutChainId', 'currencyInAddress', 'currencyOutAddress', 'currencyInSymbol', 'currencyOutSymbol',
  'startTimestamp', 'endTimestamp', 'startBlock', 'endBlock', 'amountUsdMin', 'amountUsdMax',
  'appFeesAmountUsdMin', 'appFeesAmountUsdMax', 'fillTimeMin', 'fillTimeMax',
  'features', 'includeChildRequests', 'filters', 'sortBy', 'sortDirection', 'includeAuthenticatedData', 'includeTotal', 'continuation', 'limit',
];

/** Operations the document only names, with the live service's methods and paths (live-service-facts §5). */
const NAMED_ONLY = [
  ['post', '/quote/v2'], ['post', '/quote'], ['post', '/execute/permits'],
  ['get', '/chains'], ['get', '/chains/liquidity'], ['get', '/currencies/token/price'], ['post', '/transactions/index'],
  ['post', '/transactions/single'], ['post', '/transactions/deposit-address/reindex'], ['get', '/app-fees/{wallet}/balances'],
  ['post', '/app-fees/{wallet}/claim'], ['get', '/metrics/usage'], ['post', '/fast-fill'], ['get', '/swap-sources'],
  ['post', '/execute'], ['post', '/price'], ['get', '/config/v2'], ['post', '/currencies/v1'],
] as const;

/** A v3 record with every unconditional field (API document, Resources > Request record (v3)). */
function recordV3(): Json {
  const currency = { chainId: 8453, symbol: 'USDC', decimals: 6 };
  const amount = { currency, amount: '1000000', amountFormatted: '1.0', amountUsd: '0.999800' };
  const side = { inputCurrency: amount, outputCurrency: amount, router: 'relay' };
  const quotedFee = { usd: '-0.001', amount: '1000', amountFormatted: '0.001' };
  const pair = { amount: '0', amountUsd: '0' };
  const component = { selected: false, total: pair, sponsored: pair, userPays: pair };
  const phase = {
    selectedComponents: [],
    capHit: false,
    components: { execution: component, swap: component, platform: component, app: component },
    sponsoredTotal: pair,
    userPaysTotal: pair,
  };
  const tx = { txHash: '0xabc', fee: '1', block: 1, type: 'onchain', chainId: 8453, timestamp: 1779747672, status: 'success', data: {}, stateChanges: [] };
  return {
    id: '0x01',
    status: 'success',
    user: '0xu',
    sender: '0xs',
    recipient: '0xr',
    refundTo: null,
    depositAddress: null,
    requestType: 'Bridge',
    data: {
      slippageTolerance: '50',
      failReason: null,
      refundFailReason: null,
      failedTxHash: null,
      failedTxBlockNumber: null,
      failedCallData: null,
      usesExternalLiquidity: false,
      timeEstimate: 4,
      triggeredByFastFill: null,
      inTxs: [tx],
      outTxs: [tx],
      appFees: { quoted: [], actual: [], currency },
      fees: {
        quoted: { swap: quotedFee, execution: quotedFee, platform: quotedFee, app: quotedFee, sponsored: quotedFee },
        actual: { swap: { usd: '0' }, execution: { usd: '0' }, platform: { usd: '0' }, app: { usd: '0' }, sponsored: { usd: '0' } },
        currency,
      },
      feeSponsorship: { quoted: { ...phase, maxSubsidizationAmount: null }, actual: phase, currency },
      route: {
        includedSwapSources: [],
        includedOriginSwapSources: [],
        includedDestinationSwapSources: [],
        quoted: { origin: side, destination: side },
        actual: { rate: '1', origin: side, destination: side },
      },
      quoteOraclePrice: null,
      refundCurrencyData: null,
      externalMetadata: { partnerId: null },
    },
    protocol: {
      orderId: '0xo',
      hubType: 'onchain',
      isWithdrawable: false,
      solver: { address: '0xsolver', protocolChainId: '8453', chainId: 8453 },
      deposit: { origin: { amount: '1', chainId: 137, currency: '0xc', depositor: '0xd', depository: '0xp', onchainId: '0xi', transactionId: '0xt' } },
      settlement: { destination: { fills: [{ chainId: 8453, transactionId: '0xf' }], refunds: [] } },
    },
    features: ['app_fees'],
    supersededByRequestId: null,
    createdAt: '2026-05-25T22:21:11.161Z',
    updatedAt: '2026-05-25T22:21:51.291Z',
  };
}

/** Applies `edit` to a fresh copy of `base()`. */
function variant(base: () => Json, edit: (r: Json) => void): Json {
  const r = base();
  edit(r);
  return r;
}

describe('document shape', () => {
  it('is OpenAPI 3.1.0 with both servers and no global security (Authentication rule 5)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers.map((s: Json) => s.url)).toEqual(['https://api.relay.link', 'https://api.testnets.relay.link']);
    expect(doc).not.toHaveProperty('security');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('keeps every reference internal and resolvable', () => {
    const refs: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') refs.push(v);
          else collect(v);
        }
      }
    };
    collect(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      expect(ref.startsWith('#/components/'), ref).toBe(true);
      expect(() => deref({ $ref: ref }), ref).not.toThrow();
    }
  });

  it('has the component names other packages depend on', () => {
    const names = [
      'Currency', 'CurrencyMetadata', 'RecordCurrency', 'CurrenciesV2Body', 'CurrenciesV2Response', 'IntentStatus',
      'IntentStatusValue', 'RequestV3', 'RequestStatusV3', 'RequestTypeV3', 'RequestsV3Response', 'RequestsV3FilterGroup',
      'Amount', 'TransactionEntry', 'AppFees', 'Fees', 'FeeSponsorship', 'Route', 'RouteSide', 'Protocol', 'DepositAddress',
      'RequestV2', 'RequestsV2Response', 'DeprecationNotice', 'RequestsV2RateLimited', 'RequestsV2Retired', 'ErrorBody',
      'WsConnectionReady', 'WsSubscribeRequest', 'WsSubscribeAck', 'WsUnsubscribeRequest', 'WsUnsubscribeAck',
      'WsRequestStatusUpdated', 'WebhookRequestStatusUpdated', 'WebhookSignatureHeaders',
    ];
    for (const name of names) expect(schemas, name).toHaveProperty(name);
  });

  it('compiles every component schema with Ajv 2020-12 in strict mode', () => {
    for (const name of Object.keys(schemas)) expect(() => validator(name), name).not.toThrow();
  });

  it('never closes an object with additionalProperties: false (servers add fields over time)', () => {
    const closed: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((n, i) => visit(n, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'additionalProperties' || k === 'unevaluatedProperties') && v === false) closed.push(at);
          visit(v, `${at}/${k}`);
        }
      }
    };
    visit(doc, '#');
    expect(closed).toEqual([]);
  });

  it('exposes the shared event schema for the webhook', () => {
    const body = doc.webhooks['request.status.updated'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/WebhookRequestStatusUpdated' });
  });
});

describe('the four operations', () => {
  it('have the exact operationIds, deprecation flags and security requirements (Authentication rules 2, 3)', () => {
    const optional = [{}, { apiKey: [] }];
    expect(op('/currencies/v2', 'post')).toMatchObject({ operationId: 'postCurrenciesV2', security: optional });
    expect(op('/currencies/v2', 'post').deprecated).toBeUndefined();
    expect(op('/intents/status', 'get')).toMatchObject({ operationId: 'getIntentStatus', deprecated: true, security: optional });
    expect(op('/requests/v3', 'get')).toMatchObject({ operationId: 'getRequestsV3', security: [{ apiKey: [] }] });
    expect(op('/requests/v3', 'get').deprecated).toBeUndefined();
    expect(op('/requests/v2', 'get')).toMatchObject({ operationId: 'getRequestsV2', deprecated: true, security: optional });
  });

  it('gives every operation a unique operationId, a summary and a sourced description', () => {
    const ids = operations().map(({ op: o }) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op: o } of operations()) {
      expect(o.summary, `${method} ${path}`).toBeTruthy();
      expect(o.description, `${method} ${path}`).toMatch(/API document|live-service-facts/);
    }
  });

  it('POST /currencies/v2 takes the eleven body fields with limit default 20, maximum 100', () => {
    const body = schemas.CurrenciesV2Body;
    expect(Object.keys(body.properties).sort()).toEqual(
      ['address', 'chainIds', 'currencyId', 'defaultList', 'depositAddressOnly', 'includeAllChains', 'limit', 'term', 'tokens', 'useExternalSearch', 'verified'],
    );
    expect(body.required).toBeUndefined();
    expect(body.properties.limit).toMatchObject({ default: 20, maximum: 100 });
    expect(valid('CurrenciesV2Body', {})).toBe(true);
    expect(valid('CurrenciesV2Body', { limit: 100, tokens: ['8453:0xabc'], chainIds: [1, 8453] })).toBe(true);
    expect(valid('CurrenciesV2Body', { limit: 101 })).toBe(false);
    expect(valid('CurrenciesV2Body', { tokens: ['0xabc'] })).toBe(false);
    const response = op('/currencies/v2', 'post').responses['200'].content['application/json'].schema;
    expect(deref(response).items).toEqual({ $ref: '#/components/schemas/Currency' });
  });

  it('GET /intents/status takes requestId and answers the intent status record', () => {
    const o = op('/intents/status', 'get');
    expect(o.parameters.map((p: Json) => [p.name, p.in, p.schema.type])).toEqual([['requestId', 'query', 'string']]);
    expect(o.parameters[0]['x-level']).toBe('SHOULD');
    expect(schemas.IntentStatusValue.enum).toEqual(['failure', 'fallback', 'pending', 'received', 'success']);
    expect(schemas.IntentStatusValue.description).toContain('`fallback` is returned when the intent was refunded');
    const record = { status: 'fallback', inTxHashes: ['0x1'], txHashes: [], time: 1713290386145, originChainId: 1, destinationChainId: 8453 };
    expect(valid('IntentStatus', record)).toBe(true);
    expect(valid('IntentStatus', { ...record, status: 'unknown' })).toBe(false);
    expect(valid('IntentStatus', { ...record, time: '1713290386145' })).toBe(false);
  });
});

describe('GET /requests/v3 parameters', () => {
  const params = op('/requests/v3', 'get').parameters as Json[];
  const byName = new Map(params.map((p) => [p.name, p]));

  it('declares exactly the 43 query parameters of the document, none required', () => {
    expect(params.map((p) => p.name).sort()).toEqual([...V3_PARAMETERS].sort());
    expect(params).toHaveLength(43);
    for (const p of params) {
      expect(p.in, p.name).toBe('query');
      expect(p.required ?? false, p.name).toBe(false);
      expect(p.description, p.name).toBeTruthy();
      expect(p.schema ?? p.content, p.name).toBeDefined();
    }
  });

  it('types numbers, booleans and lists as the live service does (live-service-facts §1.4)', () => {
    const numbers = ['originChainId', 'destinationChainId', 'chainId', 'currencyInChainId', 'currencyOutChainId', 'startTimestamp', 'endTimestamp', 'startBlock', 'endBlock', 'amountUsdMin', 'amountUsdMax', 'appFeesAmountUsdMin', 'appFeesAmountUsdMax', 'fillTimeMin', 'fillTimeMax'];
    for (const name of numbers) expect(byName.get(name)?.schema.type, name).toBe('number');
    for (const name of ['includeChildRequests', 'includeAuthenticatedData', 'includeTotal']) expect(byName.get(name)?.schema.type, name).toBe('boolean');
    for (const name of ['privateChainsToInclude', 'features', 'apiKey']) {
      expect(byName.get(name)?.schema.type, name).toBe('string');
      expect(byName.get(name)?.description, name).toMatch(/comma-separated/i);
    }
    expect(byName.get('startTimestamp')?.description).toMatch(/Unix seconds/);
    expect(byName.get('fillTimeMin')?.description).toMatch(/seconds/);
  });

  it('has the enums and limits of rules 1-3 and the status filter', () => {
    expect(byName.get('sortBy')?.schema).toMatchObject({ enum: ['createdAt', 'updatedAt', 'amountUsd'], default: 'createdAt' });
    expect(byName.get('sortDirection')?.schema.enum).toEqual(['asc', 'desc']);
    expect(byName.get('sortDirection')?.schema).not.toHaveProperty('default');
    expect(byName.get('sortDirection')?.description).toMatch(/desc.*time fields.*asc.*amountUsd/s);
    expect(byName.get('status')?.schema.enum).toEqual(['success', 'failure', 'refund', 'pending', 'depositing']);
    expect(byName.get('limit')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(byName.get('hash')).toBeUndefined();
    expect(byName.get('referrer')).toBeUndefined();
  });

  it('describes filters as JSON-encoded groups with not:, arrays and null checks (rule 7)', () => {
    const filters = byName.get('filters')!;
    expect(filters.schema).toBeUndefined();
    expect(filters.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RequestsV3Filters' });
    const good = [
      [],
      [{ status: 'refund' }, { 'not:user': null, originChainId: [1, 8453] }],
      [{ currencyInSymbol: ['USDC', 'usdc'], 'not:failReason': 'SLIPPAGE' }],
    ];
    for (const g of good) expect(valid('RequestsV3Filters', g), JSON.stringify(g)).toBe(true);
    const bad = [
      { status: 'refund' },
      [{ amountUsdMin: 5 }],
      [{ features: 'fast_fill' }],
      [{ 'no:user': '0x1' }],
      [{ user: ['0x1', null] }],
      [{ user: { eq: '0x1' } }],
    ];
    for (const b of bad) expect(valid('RequestsV3Filters', b), JSON.stringify(b)).toBe(false);
  });

  it('answers RequestsV3Response, 400 and 401/403 with ErrorBody', () => {
    const responses = op('/requests/v3', 'get').responses;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403']);
    for (const code of ['400', '401', '403']) expect(responses[code].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(schemas.RequestsV3Response.required).toEqual(['requests']);
    const page = { requests: [recordV3()], continuation: 'abc', total: 12 };
    expect(valid('RequestsV3Response', page)).toBe(true);
    expect(valid('RequestsV3Response', { requests: [] })).toBe(true);
    expect(valid('RequestsV3Response', { ...page, total: 1.5 })).toBe(false);
    // null on the last page is allowed (clause requests-v3.pagination.continuation-field); a number is not the live service's type.
    expect(valid('RequestsV3Response', { ...page, continuation: null })).toBe(true);
    expect(valid('RequestsV3Response', { ...page, continuation: 5 })).toBe(false);
  });
});

describe('the v3 request record', () => {
  it('accepts a record with every unconditional field and unknown extras', () => {
    expect(validator('RequestV3')(recordV3()), JSON.stringify(validator('RequestV3').errors)).toBe(true);
    expect(valid('RequestV3', variant(recordV3, (r) => { r.newField = 1; r.data.route.actual.origin.extra = true; }))).toBe(true);
  });

  it.each([
    ['same-chain swap without destination', (r: Json) => { delete r.data.route.quoted.destination; delete r.data.route.actual.destination; }],
    ['deposit address object', (r: Json) => { r.depositAddress = { address: '0xd', type: 'strict', depositor: '0xa', depositTxHash: '0xh', recoveryAddress: null }; }],
    ['authenticated fields', (r: Json) => { r.data.referrer = 'app'; r.data.apiKeyName = null; r.data.platformFee = null; }],
    ['optional amount fields', (r: Json) => { r.data.route.actual.origin.inputCurrency = { ...r.data.route.actual.origin.inputCurrency, amountUsdCurrent: '1.0', minimumAmount: '1' }; }],
    ['sponsor payment in actual', (r: Json) => { r.data.feeSponsorship.actual.sponsorPayment = { amount: '1', address: '0xs', chainId: 8453 }; }],
    ['fail reasons as strings', (r: Json) => { r.status = 'refund'; r.data.failReason = 'SLIPPAGE'; r.data.refundFailReason = 'AMOUNT_TOO_LOW_TO_REFUND'; }],
    ['oracle price object', (r: Json) => { r.data.quoteOraclePrice = { rate: '1', observedAt: 1, inputCurrency: {}, outputCurrency: {} }; }],
  ])('accepts %s', (_name, edit) => {
    const fn = validator('RequestV3');
    expect(fn(variant(recordV3, edit)), JSON.stringify(fn.errors)).toBe(true);
  });

  it.each([
    ['a missing root field', (r: Json) => { delete r.supersededByRequestId; }],
    ['a missing data field', (r: Json) => { delete r.data.quoteOraclePrice; }],
    ['null where not nullable', (r: Json) => { r.sender = null; }],
    ['a v2-only status', (r: Json) => { r.status = 'delayed'; }],
    ['an unknown request type', (r: Json) => { r.requestType = 'Swap'; }],
    ['a decimal amount', (r: Json) => { r.data.route.actual.origin.inputCurrency.amount = '1.5'; }],
    ['a non-decimal amountUsd', (r: Json) => { r.data.route.actual.origin.inputCurrency.amountUsd = '$1'; }],
    ['a timestamp that is not date-time', (r: Json) => { r.createdAt = '25/05/2026'; }],
    ['an unknown deposit address type', (r: Json) => { r.depositAddress = { address: '0xd', type: 'closed', depositor: '0xa', depositTxHash: '0xh', recoveryAddress: null }; }],
    ['the v2 tx hash name', (r: Json) => { r.data.inTxs[0].hash = r.data.inTxs[0].txHash; delete r.data.inTxs[0].txHash; }],
    ['a missing sponsorship component', (r: Json) => { delete r.data.feeSponsorship.quoted.components.app; }],
    ['a missing route origin', (r: Json) => { delete r.data.route.actual.origin; }],
    ['a missing partnerId', (r: Json) => { r.data.externalMetadata = { moonpayId: null }; }],
    ['a partial nested currency', (r: Json) => { r.data.fees.currency = { chainId: 1, symbol: 'ETH' }; }],
  ])('rejects %s', (_name, edit) => {
    expect(valid('RequestV3', variant(recordV3, edit))).toBe(false);
  });
});

describe('GET /requests/v2 (deprecated)', () => {
  const o = op('/requests/v2', 'get');

  it('declares the four deprecation headers, required, on every response (Errors rule 1)', () => {
    const codes = Object.keys(o.responses);
    expect(codes).toEqual(expect.arrayContaining(['200', '400', '410', '429', '5XX', 'default']));
    for (const code of codes) {
      const headers = o.responses[code].headers ?? {};
      expect(Object.keys(headers).sort(), code).toEqual(['Access-Control-Expose-Headers', 'Deprecation', 'Link', 'Sunset']);
      for (const h of Object.values(headers) as Json[]) {
        expect(h.$ref, code).toMatch(/^#\/components\/headers\//);
        expect(deref(h).required, code).toBe(true);
      }
    }
  });

  it('constrains the header values as the document describes (Versioning)', () => {
    const pattern = (name: string) => new RegExp(doc.components.headers[name].schema.pattern, 'u');
    expect(pattern('Deprecation').test('@1784678400')).toBe(true);
    expect(pattern('Deprecation').test('1784678400')).toBe(false);
    expect(pattern('Sunset').test('Tue, 24 Nov 2026 00:00:00 GMT')).toBe(true);
    expect(pattern('Sunset').test('2026-11-24T00:00:00Z')).toBe(false);
    expect(pattern('Link').test('<https://g>; rel="deprecation", <https://g>; rel="sunset", <https://api/requests/v3>; rel="successor-version"')).toBe(true);
    expect(pattern('Link').test('<https://g>; rel="deprecation"')).toBe(false);
    expect(pattern('AccessControlExposeHeaders').test('deprecation, SUNSET, Link')).toBe(true);
    expect(pattern('AccessControlExposeHeaders').test('Deprecation, Sunset')).toBe(false);
  });

  it('requires deprecation on the 200 body and the three fields of the 429 body', () => {
    const notice = {
      message: 'GET /requests/v2 is deprecated.',
      deprecatedAt: '2026-07-22T00:00:00Z',
      throttledFrom: '2026-09-01T00:00:00Z',
      sunsetAt: '2026-11-24T00:00:00Z',
      successor: 'https://api.relay.link/requests/v3',
      migrationGuide: 'https://docs.relay.link/references/api/api_guides/migrating-to-requests-v3',
    };
    const record = { id: '1', status: 'delayed', user: '0xu', recipient: '0xr', data: { failReason: 'N/A', inTxs: [{ hash: '0x1' }] }, createdAt: notice.deprecatedAt, updatedAt: notice.sunsetAt };
    expect(valid('RequestsV2Response', { requests: [record], deprecation: notice })).toBe(true);
    expect(valid('RequestsV2Response', { requests: [record] })).toBe(false);
    expect(valid('RequestsV2Response', { requests: [], deprecation: { ...notice, sunsetAt: 'Nov 24, 2026' } })).toBe(false);
    expect(valid('RequestV2', { ...record, status: 'submitted' })).toBe(false);
    const limited = { message: 'slow down', successor: notice.successor, migrationGuide: notice.migrationGuide };
    expect(valid('RequestsV2RateLimited', limited)).toBe(true);
    for (const key of Object.keys(limited) as Array<keyof typeof limited>) {
      const { [key]: _omitted, ...rest } = limited;
      expect(valid('RequestsV2RateLimited', rest), key).toBe(false);
    }
    expect(o.responses['429'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RequestsV2RateLimited' });
    expect(o.responses['429'].description).toMatch(/No `Retry-After`/);
    expect(o.responses['410'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RequestsV2Retired' });
  });
});

describe('operations the document only names', () => {
  it('are present with the live methods and paths, marked x-contract: named-only', () => {
    for (const [method, path] of NAMED_ONLY) {
      const o = op(path, method);
      expect(o['x-contract'], `${method} ${path}`).toBe('named-only');
      expect(o.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    }
    const marked = operations().filter(({ op: o }) => o['x-contract'] === 'named-only');
    expect(marked).toHaveLength(NAMED_ONLY.length);
  });

  it('invent no payload fields', () => {
    const hasProperties = (node: unknown): boolean => {
      if (Array.isArray(node)) return node.some(hasProperties);
      if (!node || typeof node !== 'object') return false;
      return Object.entries(node).some(([k, v]) => k === 'properties' || k === '$ref' || hasProperties(v));
    };
    for (const [method, path] of NAMED_ONLY) {
      const o = op(path, method);
      expect(hasProperties(o.requestBody ?? {}), `${method} ${path} body`).toBe(false);
      expect(hasProperties(o.responses), `${method} ${path} responses`).toBe(false);
    }
  });
});

describe('other schemas', () => {
  it('Currency requires every field and the eight vmType values; RecordCurrency only three', () => {
    const currency = { chainId: 8453, address: '0xa', symbol: 'USDC', name: 'USD Coin', decimals: 6, vmType: 'evm', metadata: { logoURI: 'https://l', verified: true, isNative: false } };
    expect(valid('Currency', currency)).toBe(true);
    expect(schemas.VmType.enum).toEqual(['bvm', 'evm', 'svm', 'tvm', 'tonvm', 'hypevm', 'lvm', 'xrpvm']);
    expect(valid('Currency', { ...currency, vmType: 'hederavm' })).toBe(false);
    expect(valid('Currency', { ...currency, metadata: { logoURI: 'https://l', verified: true } })).toBe(false);
    expect(valid('RecordCurrency', { chainId: 8453, symbol: 'USDC', decimals: 6 })).toBe(true);
    expect(valid('RecordCurrency', { chainId: 8453, symbol: 'USDC' })).toBe(false);
  });

  it('ErrorBody is a SHOULD-level open object', () => {
    expect(schemas.ErrorBody['x-level']).toBe('SHOULD');
    expect(valid('ErrorBody', { message: 'Please provide an api key', errorCode: 'UNAUTHORIZED', requestId: 'x' })).toBe(true);
    expect(valid('ErrorBody', { message: 42 })).toBe(false);
  });
});
