/**
 * The message schemas are read from the AsyncAPI document without the parser's rulesets (the specs
 * package's lint validates the document with them): the payloads must be those of a full parse.
 */
import { Parser } from '@asyncapi/parser';
import { asyncapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { messageSchemas } from '../../src/events/message-schemas.js';

const IDS = ['connectionReady', 'subscribeAck', 'unsubscribeAck', 'requestStatusUpdated', 'webhookRequestStatusUpdated'] as const;
type Doc = NonNullable<Awaited<ReturnType<Parser['parse']>>['document']>;
const payloads = (d: Doc) => JSON.parse(JSON.stringify([...IDS.map((id) => d.allMessages().get(id)?.payload()?.json()), d.allMessages().get('webhookRequestStatusUpdated')?.headers()?.json()]));

describe('message schemas', () => {
  it('a read without rulesets resolves the same payloads as the full, validating parse', async () => {
    const input = () => structuredClone(asyncapi) as unknown as Parameters<Parser['parse']>[0];
    const full = await new Parser().parse(input());
    const read = await new Parser({ ruleset: { core: false, recommended: false } }).parse(input());
    expect(full.diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(payloads(read.document!)).toEqual(payloads(full.document!));
    expect(JSON.stringify(payloads(read.document!))).not.toContain('$ref');
  }, 30_000);

  it('validates a message against its payload schema', async () => {
    const schemas = await messageSchemas();
    expect(schemas.validate('subscribeAck', { nonsense: true }).length).toBeGreaterThan(0);
  });
});
