/**
 * specs/asyncapi/asyncapi.yaml: parses with @asyncapi/parser 3 without errors, every message has a
 * payload defined once in openapi/schemas/events.yaml, and every message example validates against
 * it (live-service-facts
 * §1.8, §1.9).
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { specFiles } from '../src/index.js';
import { samplesDir } from './helpers/paths.js';
import { createSchemaValidator, formatErrors } from './helpers/schemas.js';

const asyncapiFile = specFiles.asyncapi;
const asyncapiBundleFile = specFiles.asyncapiJson;

interface RawMessage {
  name: string;
  payload: { $ref: string };
  headers?: { $ref: string };
  examples?: Array<{ name: string; summary?: string; payload?: unknown; headers?: Record<string, string> }>;
}
interface RawDocument {
  servers: Record<string, { host: string; protocol: string; security?: Array<{ $ref: string }> }>;
  channels: Record<string, { messages: Record<string, { $ref: string }> }>;
  operations: Record<string, { action: string; channel: { $ref: string }; messages: Array<{ $ref: string }>; reply?: { messages: Array<{ $ref: string }> } }>;
  components: { messages: Record<string, RawMessage>; securitySchemes: Record<string, Record<string, string>> };
}

const raw = parse(readFileSync(asyncapiFile, 'utf8')) as RawDocument;
const messages = Object.entries(raw.components.messages);
const validator = createSchemaValidator();
const EVENTS_REF = /^\.\.\/openapi\/schemas\/events\.yaml#\/([A-Za-z]+)$/;
/** The placeholder key the webhook example is signed with (never a real key). */
const EXAMPLE_KEY = 'example-api-key';

describe('@asyncapi/parser', () => {
  let result: Awaited<ReturnType<Parser['parse']>>;
  beforeAll(async () => {
    result = await new Parser().parse(readFileSync(asyncapiFile, 'utf8'), { source: asyncapiFile });
  });

  it('parses the document with zero error diagnostics', () => {
    const errors = result.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.code}: ${d.message} at ${d.path.join('.')}`)).toEqual([]);
    expect(result.document?.version()).toBe('3.0.0');
  });

  it('resolves a payload for every message', () => {
    const all = result.document!.allMessages().all();
    expect(all).toHaveLength(messages.length);
    for (const message of all) {
      expect(message.hasPayload(), `message ${message.id()} has no payload`).toBe(true);
      expect(message.payload()!.type(), `message ${message.id()} payload`).toBe('object');
    }
  });

  it('parses the bundled generated/asyncapi.json with zero errors and the same messages', async () => {
    const bundled = await new Parser().parse(readFileSync(asyncapiBundleFile, 'utf8'), { source: asyncapiBundleFile });
    expect(bundled.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => d.message)).toEqual([]);
    const ids = (doc: typeof result.document) => doc!.allMessages().all().map((m) => m.id()).sort();
    expect(ids(bundled.document)).toEqual(ids(result.document));
  });

  it('reports an unresolvable payload reference as an error', async () => {
    const broken = readFileSync(asyncapiFile, 'utf8').replace('events.yaml#/WsConnectionReady', 'events.yaml#/NoSuchSchema');
    const { diagnostics } = await new Parser().parse(broken, { source: asyncapiFile });
    expect(diagnostics.some((d) => d.severity === DiagnosticSeverity.Error && d.code === 'invalid-ref')).toBe(true);
  });
});

describe('servers and security', () => {
  it('declares the mainnet and testnet websocket servers with the apiKey query parameter', () => {
    const urls = Object.values(raw.servers)
      .filter((s) => s.protocol === 'wss')
      .map((s) => `${s.protocol}://${s.host}`);
    expect(urls.sort()).toEqual(['wss://ws.relay.link', 'wss://ws.testnets.relay.link']);
    expect(raw.components.securitySchemes.apiKey).toMatchObject({ type: 'httpApiKey', in: 'query', name: 'apiKey' });
    for (const server of Object.values(raw.servers).filter((s) => s.protocol === 'wss')) {
      expect(server.security).toEqual([{ $ref: '#/components/securitySchemes/apiKey' }]);
    }
  });
});

describe('messages', () => {
  it.each(messages)('%s takes its payload (and headers) from events.yaml', (_id, message) => {
    expect(message.payload.$ref).toMatch(EVENTS_REF);
    if (message.headers) expect(message.headers.$ref).toMatch(EVENTS_REF);
  });

  it.each(messages)('%s has examples that validate against its schemas', (_id, message) => {
    expect(message.examples?.length ?? 0).toBeGreaterThan(0);
    const payloadSchema = EVENTS_REF.exec(message.payload.$ref)![1]!;
    for (const example of message.examples!) {
      const verdict = validator.validate(payloadSchema, example.payload);
      expect(verdict.valid, `${example.name}: ${formatErrors(verdict.errors)}`).toBe(true);
      if (message.headers) {
        const headerVerdict = validator.validate(EVENTS_REF.exec(message.headers.$ref)![1]!, example.headers);
        expect(headerVerdict.valid, `${example.name} headers: ${formatErrors(headerVerdict.errors)}`).toBe(true);
      }
    }
  });

  const samples = samplesDir;
  it.each(messages)('%s examples are the published samples they cite', (_id, message) => {
    for (const example of message.examples ?? []) {
      // The live service published no error frame: that example cites the contract's own example file.
      const own = /^Not published by the live service.*\(specs\/examples\/(ws-error\/[a-z0-9-]+\.json)\)/s.exec(example.summary ?? '')?.[1];
      if (own) {
        expect(example.payload).toEqual(JSON.parse(readFileSync(join(samples, '..', own), 'utf8')));
        continue;
      }
      const cited = /specs\/examples\/published\/([a-z0-9-]+\.json)/.exec(example.summary ?? '')?.[1];
      expect(cited, `${example.name} should cite its sample`).toBeDefined();
      const published = JSON.parse(readFileSync(join(samples, cited!), 'utf8')) as unknown;
      expect(example.payload).toEqual(published);
    }
  });

  it('signs the webhook example as documented: hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    const webhook = messages.filter(([, m]) => m.headers);
    expect(webhook).toHaveLength(1);
    for (const example of webhook[0]![1].examples!) {
      const timestamp = example.headers!['X-Signature-Timestamp']!;
      const expected = createHmac('sha256', EXAMPLE_KEY).update(`${timestamp}.${JSON.stringify(example.payload)}`).digest('hex');
      expect(example.headers!['X-Signature-SHA256']).toBe(expected);
      const tampered = createHmac('sha256', EXAMPLE_KEY).update(`${timestamp}.${JSON.stringify({ ...(example.payload as object), timestamp: 0 })}`).digest('hex');
      expect(tampered).not.toBe(expected);
    }
  });
});

describe('operations', () => {
  const used = new Set(
    Object.values(raw.operations).flatMap((op) => [...op.messages, ...(op.reply?.messages ?? [])].map((m) => m.$ref)),
  );

  it('use every message of every channel', () => {
    for (const [channelId, channel] of Object.entries(raw.channels)) {
      for (const messageId of Object.keys(channel.messages)) {
        expect(used.has(`#/channels/${channelId}/messages/${messageId}`), `${channelId}.${messageId} is not used by an operation`).toBe(true);
      }
    }
  });

  it('model the websocket handshake: the service receives (un)subscribe and replies with the ack', () => {
    const receives = Object.values(raw.operations).filter((op) => op.action === 'receive');
    const pairs = receives.map((op) => [op.messages[0]!.$ref.split('/').pop(), op.reply?.messages[0]!.$ref.split('/').pop()]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['subscribe', 'subscribeAck'],
        ['unsubscribe', 'unsubscribeAck'],
      ]),
    );
  });
});
