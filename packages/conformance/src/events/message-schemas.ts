/**
 * The event message schemas, read from the AsyncAPI document of `@crosschain/specs`
 * (`specs/asyncapi/asyncapi.yaml`, payloads in `specs/openapi/schemas/events.yaml`): parsed with
 * `@asyncapi/parser` once per process, each message payload (and the webhook's headers) compiled
 * with ajv (draft-07, the AsyncAPI 3.0 default). Event formats are live-service facts §1.8, §1.9.
 */
import { asyncapi } from '@crosschain/specs';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { SchemaError } from '../engine/types.js';

/** Message ids of the AsyncAPI document the kit validates against. */
export type MessageId =
  | 'connectionReady'
  | 'subscribeAck'
  | 'unsubscribeAck'
  | 'requestStatusUpdated'
  | 'webhookRequestStatusUpdated'
  /** The headers of `webhookRequestStatusUpdated` (names lower-cased: HTTP header names are case-insensitive). */
  | 'webhookHeaders';

const MAX_ERRORS = 10;

export interface MessageSchemas {
  /** Problems of `value` against the message's schema; empty when it conforms. */
  validate(id: MessageId, value: unknown): SchemaError[];
}

let loading: Promise<MessageSchemas> | undefined;

/** The compiled message schemas (parsed and compiled on first use, then shared by the process). */
export function messageSchemas(): Promise<MessageSchemas> {
  loading ??= load().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** Lower-cases the property names of a headers schema (and its `required`). */
function lowerCaseHeaders(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
  const required = Array.isArray(schema.required) ? schema.required.map((r) => String(r).toLowerCase()) : [];
  return { ...schema, properties, required };
}

async function load(): Promise<MessageSchemas> {
  // Loaded on first use: the parser and its rule engine take most of a second to load, which runs
  // without an events check (and the CLI's start) need not pay.
  const { Parser } = await import('@asyncapi/parser');
  // The document is validated against the AsyncAPI rulesets where it is written (the specs
  // package's lint, scripts/parse-asyncapi.mjs); here it is only read. Without the rulesets the parse
  // takes 0.4 s of CPU instead of 2.5 s (most of it compiling the AsyncAPI meta-schema), with the
  // same resolved payloads (test/events/message-schemas.test.ts).
  const { document, diagnostics } = await new Parser({ ruleset: { core: false, recommended: false } }).parse(structuredClone(asyncapi) as unknown as Parameters<InstanceType<typeof Parser>['parse']>[0]);
  if (!document) {
    const why = diagnostics.filter((d) => d.severity === 0).map((d) => d.message).slice(0, 3).join('; ');
    throw new Error(`the AsyncAPI document of @crosschain/specs does not parse: ${why}`);
  }
  const ajv = new Ajv({ strict: false, allErrors: true });
  const compiled = new Map<MessageId, ValidateFunction>();
  const ids: MessageId[] = ['connectionReady', 'subscribeAck', 'unsubscribeAck', 'requestStatusUpdated', 'webhookRequestStatusUpdated'];
  for (const id of ids) {
    const message = document.allMessages().get(id);
    const payload = message?.payload()?.json();
    if (!payload) throw new Error(`the AsyncAPI document of @crosschain/specs has no payload for message ${id}`);
    compiled.set(id, ajv.compile(payload as object));
  }
  const headers = document.allMessages().get('webhookRequestStatusUpdated')?.headers()?.json();
  if (!headers) throw new Error('the AsyncAPI document of @crosschain/specs has no headers for message webhookRequestStatusUpdated');
  compiled.set('webhookHeaders', ajv.compile(lowerCaseHeaders(headers as Record<string, unknown>)));
  return {
    validate(id, value) {
      const validate = compiled.get(id)!;
      if (validate(value)) return [];
      return (validate.errors ?? []).slice(0, MAX_ERRORS).map((e) => ({
        instancePath: e.instancePath,
        schemaPath: `asyncapi#/components/messages/${id}${e.schemaPath.replace(/^#/, '')}`,
        message: e.message ?? 'invalid',
      }));
    },
  };
}
