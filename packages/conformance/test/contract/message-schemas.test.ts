/**
 * The message schemas are read from the bundled AsyncAPI document without `@asyncapi/parser` (the
 * specs package's lint validates the document with it): the payloads must be those of a full parse.
 */
import { Parser } from '@asyncapi/parser';
import { asyncapi } from '@crosschain/specs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { dereference, messageSchemas } from '../../src/contract/message-schemas.js';

const IDS = ['connectionReady', 'subscribeAck', 'unsubscribeAck', 'requestStatusUpdated', 'webhookRequestStatusUpdated'] as const;
type Doc = NonNullable<Awaited<ReturnType<Parser['parse']>>['document']>;
/** The parser's bookkeeping keys (`x-parser-schema-id` and the like) dropped. */
const withoutParserIds = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(withoutParserIds) : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith('x-parser-')).map(([k, v]) => [k, withoutParserIds(v)])) : value;
const payloads = (d: Doc) => JSON.parse(JSON.stringify([...IDS.map((id) => d.allMessages().get(id)?.payload()?.json()), d.allMessages().get('webhookRequestStatusUpdated')?.headers()?.json()]));

describe('message schemas', () => {
  it('resolves the same payloads as the full, validating parse of @asyncapi/parser', async () => {
    const full = await new Parser().parse(structuredClone(asyncapi) as unknown as Parameters<Parser['parse']>[0]);
    expect(full.diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    const messages = (asyncapi as unknown as { components: { messages: Record<string, { payload?: unknown; headers?: unknown }> } }).components.messages;
    const read = JSON.parse(JSON.stringify([...IDS.map((id) => dereference(asyncapi, messages[id]!.payload)), dereference(asyncapi, messages.webhookRequestStatusUpdated!.headers)]));
    expect(read).toEqual(withoutParserIds(payloads(full.document!)));
    expect(JSON.stringify(read)).not.toContain('$ref');
  }, 30_000);

  it('refuses a dangling, non-local or recursive $ref with a message that names it', () => {
    const doc = { a: { $ref: '#/b' }, b: { $ref: '#/a' } };
    expect(() => dereference(doc, { $ref: '#/missing' })).toThrow(/dangling \$ref "#\/missing"/);
    expect(() => dereference(doc, { $ref: 'other.json#/x' })).toThrow(/non-local \$ref/);
    expect(() => dereference(doc, { $ref: '#/a' })).toThrow(/recursive \$ref/);
    expect(dereference({ s: { type: 'string' } }, { properties: { x: { $ref: '#/s' } } })).toEqual({ properties: { x: { type: 'string' } } });
  });

  it('every payload (and the webhook headers) is a valid draft-07 schema: the kit compiles them without meta-schema validation', () => {
    const messages = (asyncapi as unknown as { components: { messages: Record<string, { payload?: unknown; headers?: unknown }> } }).components.messages;
    const schemas = [...IDS.map((id) => dereference(asyncapi, messages[id]!.payload)), dereference(asyncapi, messages.error!.payload), dereference(asyncapi, messages.webhookRequestStatusUpdated!.headers)];
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const schema of schemas) {
      expect(schema).toBeTypeOf('object');
      expect(ajv.validateSchema(schema as object), ajv.errorsText()).toBe(true);
    }
    expect(ajv.validateSchema({ type: 'strin' }), 'the meta-schema check itself').toBe(false);
  });

  it('validates a message against its payload schema', async () => {
    const schemas = await messageSchemas();
    expect(schemas.validate('subscribeAck', { nonsense: true }).length).toBeGreaterThan(0);
  });
});
