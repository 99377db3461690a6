import { readdirSync, readFileSync } from 'node:fs';
import { openapi } from '@crosschain/specs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { resolvePointer, unknownFieldPaths } from '../../../src/checks/support/unknown-fields.js';

const examplesDir = new URL('../../../../../specs/examples/', import.meta.url);
const index = parse(readFileSync(new URL('index.yaml', examplesDir), 'utf8')) as { directories: Record<string, { schema: string }> };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const example = (dir: string, file: string): unknown => JSON.parse(readFileSync(new URL(`${dir}/${file}`, examplesDir), 'utf8'));

describe('unknownFieldPaths over the OpenAPI document', () => {
  const valid = Object.entries(index.directories).flatMap(([dir, { schema }]) =>
    readdirSync(new URL(`${dir}/`, examplesDir))
      .filter((f) => f.startsWith('valid-'))
      .map((f) => [dir, f, schema] as const),
  );

  it.each(valid)('%s/%s (%s): every field is declared', (dir, file, schema) => {
    expect(unknownFieldPaths(openapi, ref(schema), example(dir, file))).toEqual([]);
  });

  it('lists undeclared fields of a v3 record at every depth, once per path', () => {
    const record = structuredClone(example('request-v3', 'valid-bridge-deposit-address-sponsored.json')) as Record<string, any>;
    record.moonpayId = null;
    record.data.inTxs = [...record.data.inTxs, ...record.data.inTxs].map((tx: object) => ({ ...tx, feeUsd: '0.01' }));
    record.data.route.actual.destination = { ...record.data.route.actual.destination, currencyGasTopup: {} };
    record.depositAddress.depositAddressType = 'open';
    record.data.feeSponsorship.quoted.components.rent = {};
    const page = { requests: [record, record], continuation: 'c', total: 2, cursor: 'x' };
    expect(unknownFieldPaths(openapi, ref('RequestsV3Response'), page)).toEqual([
      '/cursor',
      '/requests[]/data/feeSponsorship/quoted/components/rent',
      '/requests[]/data/inTxs[]/feeUsd',
      '/requests[]/data/route/actual/destination/currencyGasTopup',
      '/requests[]/depositAddress/depositAddressType',
      '/requests[]/moonpayId',
    ]);
  });

  it('leaves free-form contents alone (transaction data, platformFee, "type not shown")', () => {
    const record = structuredClone(example('request-v3', 'valid-refund-with-fail-reason.json')) as Record<string, any>;
    for (const tx of record.data.inTxs) tx.data = { to: '0x1', anything: { deep: 1 } };
    record.data.platformFee = { bucket: 'x', nested: { a: 1 } };
    record.data.failedCallData = { from: '0x1', to: '0x2' };
    expect(unknownFieldPaths(openapi, ref('RequestV3'), record)).toEqual([]);
  });

  it('reads a field declared only in one anyOf/oneOf branch or an allOf member, and nullable objects', () => {
    const doc = {
      components: {
        schemas: {
          A: { type: 'object', properties: { a: { type: 'string' } } },
          B: { type: 'object', properties: { b: { type: 'object', properties: { x: {} } } } },
          AB: { allOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
          AorB: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }, { type: 'null' }] },
          AorAny: { anyOf: [{ $ref: '#/components/schemas/A' }, { type: 'object' }] },
          Nullable: { type: ['object', 'null'], properties: { n: { type: 'integer' } }, nullable: true },
          Map: { type: 'object', additionalProperties: { $ref: '#/components/schemas/A' } },
          Open: { type: 'object', properties: { a: {} }, additionalProperties: true },
          Tuple: { type: 'array', prefixItems: [{ $ref: '#/components/schemas/A' }], items: { $ref: '#/components/schemas/B' } },
        },
      },
    };
    const r = (n: string) => ({ $ref: `#/components/schemas/${n}` });
    expect(unknownFieldPaths(doc, r('AB'), { a: '1', b: { x: 1, y: 2 }, c: 3 })).toEqual(['/b/y', '/c']);
    expect(unknownFieldPaths(doc, r('AorB'), { a: '1', b: {}, c: 3 })).toEqual(['/c']);
    expect(unknownFieldPaths(doc, r('AorB'), null)).toEqual([]);
    expect(unknownFieldPaths(doc, r('AorAny'), { z: 1 })).toEqual([]);
    expect(unknownFieldPaths(doc, r('Nullable'), { n: 1, m: 2 })).toEqual(['/m']);
    expect(unknownFieldPaths(doc, r('Nullable'), null)).toEqual([]);
    expect(unknownFieldPaths(doc, r('Map'), { k1: { a: '' }, k2: { a: '', q: 1 } })).toEqual(['/*/q']);
    expect(unknownFieldPaths(doc, r('Open'), { a: 1, extra: 2 })).toEqual([]);
    expect(unknownFieldPaths(doc, r('Tuple'), [{ a: '', p: 1 }, { b: {}, q: 1 }, { r: 1 }])).toEqual(['[]/p', '[]/q', '[]/r']);
    expect(unknownFieldPaths(doc, r('A'), { 'a/b~c': 1 })).toEqual(['/a~1b~0c']);
  });

  it('does not loop on a self-referencing schema or a dangling $ref', () => {
    const doc = { components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } }, Bad: { $ref: '#/nowhere' } } } };
    let value: Record<string, unknown> = { extra: true };
    for (let i = 0; i < 200; i++) value = { next: value };
    const paths = unknownFieldPaths(doc, { $ref: '#/components/schemas/Node' }, value);
    expect(paths.length).toBeLessThanOrEqual(1);
    expect(unknownFieldPaths(doc, { $ref: '#/components/schemas/Bad' }, { a: 1 })).toEqual([]);
    expect(resolvePointer(doc, '#/components/schemas/Node/properties/next')).toEqual({ $ref: '#/components/schemas/Node' });
  });
});
