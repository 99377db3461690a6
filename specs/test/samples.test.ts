/**
 * The live service's published payloads (specs/examples/published, see its README.md) against the contract:
 * each validates against its component schema, or every one of its errors is explained by a listed
 * divergence (specs/clauses.yaml, kind: divergence). Skipped when the samples folder is absent
 *.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { clauses } from '../src/index.js';
import { resolvePointer } from './helpers/json-diff.js';
import { samplesDir } from './helpers/paths.js';
import { bundle, createSchemaValidator, errorPointer, formatErrors } from './helpers/schemas.js';

/** How a sample file is checked: against a component schema (optionally at a pointer inside it), or not at all. */
type Target =
  | { schema: string; pointer?: string }
  | { namedOnly: { method: string; path: string }; reason: string };

/** First matching rule wins; a sample that matches none fails the test. */
const TARGETS: Array<[RegExp, Target]> = [
  [/^error-shape-.+\.json$/, { schema: 'ErrorBody' }],
  [/^intents-status-example-.+\.json$/, { schema: 'IntentStatus' }],
  [/^intents-status-v3-.+\.json$/, { schema: 'IntentStatusV3' }],
  [/^requests-v2-429-example\.json$/, { schema: 'RequestsV2RateLimited' }],
  [/^requests-v2-deprecation-object-example\.json$/, { schema: 'DeprecationNotice', pointer: '/deprecation' }],
  [/^requests-v2-record-.+\.json$/, { schema: 'RequestV2' }],
  [/^requests-v2-example-.+\.json$/, { schema: 'RequestsV2Response' }],
  [/^requests-v3-record-.+\.json$/, { schema: 'RequestV3' }],
  [/^requests-v3-example-.+\.json$/, { schema: 'RequestsV3Response' }],
  [/^webhook-request-status-updated-.+\.json$/, { schema: 'WebhookRequestStatusUpdated' }],
  [/^websocket-connection-ready-.+\.json$/, { schema: 'WsConnectionReady' }],
  [/^websocket-subscribe-request-.+\.json$/, { schema: 'WsSubscribeRequest' }],
  [/^websocket-subscribe-response-.+\.json$/, { schema: 'WsSubscribeAck' }],
  [/^websocket-unsubscribe-request-.+\.json$/, { schema: 'WsUnsubscribeRequest' }],
  [/^websocket-unsubscribe-response-.+\.json$/, { schema: 'WsUnsubscribeAck' }],
  [/^websocket-request-status-updated-.+\.json$/, { schema: 'WsRequestStatusUpdated' }],
];

interface ExpectedFailure {
  /** Divergence id in specs/clauses.yaml. */
  id: string;
  reason: string;
  /** Errors it explains, as `<pointer> <keyword>` (for `required`, the pointer of the missing property). */
  errors: RegExp;
}

const SPONSOR_COMPONENT = '(execution|swap|platform|app)';
const ROUTE_AMOUNT = '/data/route/(quoted|actual)/(origin|destination)/(inputCurrency|outputCurrency)';

/** Samples that are known not to validate, and why. Every error of such a sample must be explained here. */
const EXPECTED_FAILURES: Record<string, ExpectedFailure[]> = {
  'intents-status-example-2-observed-unknown.json': [
    {
      id: 'divergence.intents-status-unknown',
      reason: 'the live service answers {"status":"unknown"} (no other field) before the deposit lands; `unknown` is not in the status enum',
      errors: /^(\/status enum|\/(inTxHashes|txHashes|time|originChainId|destinationChainId) required)$/,
    },
  ],
  'requests-v2-example-2.json': [
    {
      id: 'divergence.v2-deprecation-object-missing',
      reason: 'published (deposit-address guide) before the v2 200 body gained its `deprecation` object, which the document requires',
      errors: /^\/deprecation required$/,
    },
  ],
  'requests-v3-example-2.json': [
    {
      id: 'divergence.elided-samples',
      reason: 'editorial: the guide shows only id, status and supersededByRequestId of the record',
      errors: /^\/requests\/0\/[A-Za-z]+ required$/,
    },
  ],
  'requests-v3-record-example-1.json': [
    {
      id: 'divergence.elided-samples',
      reason: 'editorial: feeSponsorship.actual.components.* are elided as the string "…"',
      errors: new RegExp(`^/data/feeSponsorship/actual/components/${SPONSOR_COMPONENT} type$`),
    },
    {
      id: 'divergence.partner-id-name',
      reason: 'the live record has data.externalMetadata.moonpayId instead of partnerId',
      errors: /^\/data\/externalMetadata\/partnerId required$/,
    },
    {
      id: 'divergence.superseded-by-request-id-optional',
      reason: 'the live record omits supersededByRequestId when it is not set; the document lists it (string or null) without condition',
      errors: /^\/supersededByRequestId required$/,
    },
    {
      id: 'divergence.route-amount-partial',
      reason: 'live route amounts may carry only currency and amount; the document lists amountFormatted and amountUsd without condition',
      errors: new RegExp(`^${ROUTE_AMOUNT}/(amountFormatted|amountUsd) required$`),
    },
  ],
};

const dir = samplesDir;
const validator = createSchemaValidator();

function targetOf(file: string): Target | undefined {
  return TARGETS.find(([pattern]) => pattern.test(file))?.[1];
}

function errorKey(error: ErrorObject): string {
  return `${errorPointer(error)} ${error.keyword}`;
}

function operation(method: string, path: string): Record<string, unknown> | undefined {
  return bundle.paths?.[path]?.[method] as Record<string, unknown> | undefined;
}

describe('published samples (specs/examples/published)', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

  it('are all mapped to a schema or to a named-only operation', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !targetOf(f))).toEqual([]);
  });

  it('has no expected failure for a sample that does not exist', () => {
    expect(Object.keys(EXPECTED_FAILURES).filter((f) => !files.includes(f))).toEqual([]);
  });

  const checked = files.flatMap((file) => {
    const target = targetOf(file);
    return target && 'schema' in target ? [{ file, ...target }] : [];
  });
  const unchecked = files.flatMap((file) => {
    const target = targetOf(file);
    return target && 'namedOnly' in target ? [{ file, ...target }] : [];
  });

  it.each(checked)('$file against $schema', ({ file, schema, pointer }) => {
    const whole = JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
    const data = pointer ? resolvePointer(whole, pointer) : whole;
    expect(data, `${file} has nothing at ${pointer}`).toBeDefined();
    const verdict = validator.validate(schema, data);
    const expected = EXPECTED_FAILURES[file] ?? [];
    if (expected.length === 0) {
      expect(verdict.valid, `unexpected failure of ${file}:\n${formatErrors(verdict.errors)}`).toBe(true);
      return;
    }
    expect(verdict.valid, `${file} now validates: remove its stale EXPECTED_FAILURES entry`).toBe(false);
    const keys = verdict.errors.map(errorKey);
    const unexplained = keys.filter((k) => !expected.some((e) => e.errors.test(k)));
    expect(unexplained, `errors of ${file} not explained by a listed divergence`).toEqual([]);
    for (const e of expected) {
      expect(keys.some((k) => e.errors.test(k)), `stale entry ${e.id} for ${file}: none of its errors occurs`).toBe(true);
    }
  });

  it.each(unchecked)('$file is not validated: $reason', ({ namedOnly }) => {
    const op = operation(namedOnly.method, namedOnly.path);
    expect(op, `${namedOnly.method.toUpperCase()} ${namedOnly.path} should be in the bundle`).toBeDefined();
    expect(op!['x-contract']).toBe('named-only');
  });

  it('expected failures name divergences listed in specs/clauses.yaml', () => {
    const divergences = new Set(clauses.filter((c) => c.kind === 'divergence').map((c) => c.id));
    const used = Object.values(EXPECTED_FAILURES).flatMap((entries) => entries.map((e) => e.id));
    expect(used.filter((id) => !divergences.has(id))).toEqual([]);
  });
});
