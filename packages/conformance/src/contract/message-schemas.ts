/**
 * The event message schemas, read from the bundled AsyncAPI document of `@crosschain/specs`
 * (`specs/asyncapi/asyncapi.yaml`, payloads in `specs/openapi/schemas/events.yaml`): each message
 * payload (and the webhook's headers) dereferenced from the document's own `#/...` pointers and
 * compiled with ajv (draft-07, the AsyncAPI 3.0 default). Event formats are live-service facts
 * §1.8, §1.9.
 *
 * The document is validated against the AsyncAPI rulesets where it is written (the specs package's
 * lint, `specs/scripts/parse-asyncapi.mjs`); the kit only reads it. Reading it with
 * `@asyncapi/parser` cost about 0.8 s of CPU per run, most of it loading the parser ("Kit
 * CPU"); the payloads resolved here are those of a full parse (test/events/message-schemas.test.ts).
 */
import { asyncapi } from '@crosschain/specs';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { SchemaError } from './types.js';

/** Message ids of the AsyncAPI document the kit validates against. */
export type MessageId =
  | 'connectionReady'
  | 'subscribeAck'
  | 'unsubscribeAck'
  | 'requestStatusUpdated'
  /** The answer to a message the server cannot act on. */
  | 'error'
  | 'webhookRequestStatusUpdated'
  /** The headers of `webhookRequestStatusUpdated` (names lower-cased: HTTP header names are case-insensitive). */
  | 'webhookHeaders';

const MAX_ERRORS = 10;

export interface MessageSchemas {
  /** Problems of `value` against the message's schema; empty when it conforms. */
  validate(id: MessageId, value: unknown): SchemaError[];
}

let compiledSchemas: MessageSchemas | undefined;

/** The compiled message schemas (parsed and compiled on first use, then shared by the process). */
export function messageSchemas(): Promise<MessageSchemas> {
  try {
    return Promise.resolve(messageSchemasNow());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

/** {@link messageSchemas} at once (the oracles of one frame judge synchronously, as every oracle does). */
export function messageSchemasNow(): MessageSchemas {
  compiledSchemas ??= load();
  return compiledSchemas;
}

/** Lower-cases the property names of a headers schema (and its `required`). */
function lowerCaseHeaders(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
  const required = Array.isArray(schema.required) ? schema.required.map((r) => String(r).toLowerCase()) : [];
  return { ...schema, properties, required };
}

/** The value at a local JSON pointer (`#/a/b`) of `doc`. */
function pointerTarget(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`the AsyncAPI document of @crosschain/specs has a non-local $ref ${JSON.stringify(ref)}`);
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
    if (at === undefined) throw new Error(`the AsyncAPI document of @crosschain/specs has a dangling $ref ${JSON.stringify(ref)}`);
  }
  return at;
}

/**
 * `value` with every local `$ref` replaced by a copy of its target, as the parser's `json()` gives
 * it (siblings of a `$ref` are dropped, as in JSON Schema draft-07). A cycle is an error: no message
 * of the document is recursive.
 */
export function dereference(doc: unknown, value: unknown, trail: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => dereference(doc, v, trail));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (trail.includes(ref)) throw new Error(`the AsyncAPI document of @crosschain/specs has a recursive $ref ${JSON.stringify(ref)}`);
    return dereference(doc, pointerTarget(doc, ref), [...trail, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dereference(doc, v, trail)]));
}

/** The message of `id` in the bundled document, its own `$ref` followed. */
function message(id: string): Record<string, unknown> | undefined {
  const messages = (asyncapi as { components?: { messages?: Record<string, unknown> } }).components?.messages;
  const found = messages?.[id];
  return found === undefined ? undefined : (dereference(asyncapi, found) as Record<string, unknown>);
}

function load(): MessageSchemas {
  // No meta-schema validation at run time: compiling the meta-schema was about 85 % of this load's
  // CPU (on the run's path when its events checks start), and the payloads are the bundled
  // document's, validated against the meta-schema by test/events/message-schemas.test.ts.
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const compiled = new Map<MessageId, ValidateFunction>();
  const ids: MessageId[] = ['connectionReady', 'subscribeAck', 'unsubscribeAck', 'requestStatusUpdated', 'error', 'webhookRequestStatusUpdated'];
  for (const id of ids) {
    const payload = message(id)?.payload;
    if (!payload) throw new Error(`the AsyncAPI document of @crosschain/specs has no payload for message ${id}`);
    compiled.set(id, ajv.compile(payload as object));
  }
  const headers = message('webhookRequestStatusUpdated')?.headers;
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
