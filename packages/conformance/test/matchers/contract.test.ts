/**
 * `expect(body).toSatisfyApiContract(operation, options)`: bare bodies judged by the passive oracles
 * at the levels of `audit`. A MUST violation fails, a SHOULD one fails only with `strict` and is
 * otherwise warned about; the message names the check, the field's path, expected and received.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import '../../src/matchers/vitest.js';
import { judgeApiContract, toSatisfyApiContract } from '../../src/matchers/index.js';

const example = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../specs/examples/${name}`, import.meta.url), 'utf8'));

/** The status v3 mock of a public repository's jest test: `txHashes` as objects, where the live OpenAPI has strings. */
const V3_OBJECT_HASHES = { status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] };

/** A v3 record in the v2 shape (`outTxs[].hash`, `data.metadata`, no `user`/`sender`/`recipient`). */
const V3_IN_V2_SHAPE = {
  requests: [{ id: '0x01', status: 'success', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', data: { metadata: {}, outTxs: [{ hash: '0x02', chainId: 1 }] } }],
};

/** The message of a failed assertion. */
function failureOf(run: () => void): string {
  try {
    run();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the assertion passed');
}

describe('toSatisfyApiContract', () => {
  it('passes right bodies of GET /intents/status/v3 and of the other judged operations', () => {
    const warn = vi.fn();
    for (const body of [{ status: 'success', txHashes: ['0x'] }, { status: 'waiting' }, { status: 'pending' }]) expect(body).toSatisfyApiContract('GET /intents/status/v3', { warn });
    expect(example('intent-status/valid-success.json')).toSatisfyApiContract('GET /intents/status', { warn });
    expect(example('requests-v3-response/valid-page-with-continuation.json')).toSatisfyApiContract('GET /requests/v3', { warn });
    expect(warn).not.toHaveBeenCalled();
  });

  it('a SHOULD violation passes with a warning naming the check, the field, expected and received; strict fails on it', () => {
    const warn = vi.fn();
    expect(V3_OBJECT_HASHES).toSatisfyApiContract('GET /intents/status/v3', { warn });
    expect(warn).toHaveBeenCalledTimes(1);
    const warned = String(warn.mock.calls[0]![0]);
    expect(warned).toContain('1 SHOULD violation of GET /intents/status/v3 (failing only with { strict: true })');
    expect(warned).toContain('✘ intents-status-v3.response.schema (SHOULD)  at /txHashes/0');
    expect(warned).toContain('Received: {"txHash":"0xhash","chainId":1} (/txHashes/0 must be string');
    expect(warned).toContain('Expected: a body valid against #/paths/~1intents~1status~1v3/get/responses/200');

    const message = failureOf(() => expect(V3_OBJECT_HASHES).toSatisfyApiContract('GET /intents/status/v3', { strict: true, warn }));
    expect(message).toContain('the body breaks the contract of GET /intents/status/v3 (1 violation)');
    expect(message).toContain('at /txHashes/0');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('console.warn is where a SHOULD violation goes by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(V3_OBJECT_HASHES).toSatisfyApiContract('GET /intents/status/v3');
      expect(spy).toHaveBeenCalledWith(expect.stringContaining('intents-status-v3.response.schema (SHOULD)'));
    } finally {
      spy.mockRestore();
    }
  });

  it('a MUST violation fails: v3 records in the v2 shape, a legacy status with a missing field', () => {
    const v3 = failureOf(() => expect(V3_IN_V2_SHAPE).toSatisfyApiContract('GET /requests/v3', { warn: () => undefined }));
    expect(v3).toContain('✘ requests-v3.response.schema (MUST)  at /requests/0');
    expect(v3).toMatch(/Received: \{"id":"0x01".*must have required property/);
    const legacy = failureOf(() => expect({ status: 'success', txHashes: ['0xabc'] }).toSatisfyApiContract('GET /intents/status'));
    expect(legacy).toContain('✘ intents-status.response.schema (MUST)  at (the body)');
    expect(legacy).toContain("must have required property 'inTxHashes'");
    const field = failureOf(() => expect(example('intent-status/invalid-status-unknown.json')).toSatisfyApiContract('GET /intents/status'));
    expect(field).toContain('at /status');
  });

  it('.not inverts the verdict', () => {
    expect({ status: 'nope' }).not.toSatisfyApiContract('GET /intents/status');
    const message = failureOf(() => expect({ status: 'waiting' }).not.toSatisfyApiContract('GET /intents/status/v3'));
    expect(message).toContain('expect(body).not.toSatisfyApiContract("GET /intents/status/v3"): the body satisfies GET /intents/status/v3 (judged by intents-status-v3.response.schema)');
  });

  it('the query of the operation is judged too: a total only when includeTotal asks for it', () => {
    const body = example('requests-v3-response/valid-empty-with-total.json');
    expect(body).toSatisfyApiContract('GET /requests/v3?includeTotal=true');
    expect(failureOf(() => expect(body).toSatisfyApiContract('GET /requests/v3'))).toContain('requests-v3.total.only-when-requested (MUST)');
  });

  it('headers are judged: the v2 deprecation headers given in options pass their checks', () => {
    const without = judgeApiContract({ requests: [] }, 'GET /requests/v2');
    expect(without.failures.map((f) => f.check)).toContain('requests-v2.deprecation.header');
    const withHeader = judgeApiContract({ requests: [] }, 'GET /requests/v2', { headers: new Headers({ Deprecation: '@1779321600' }) });
    expect(withHeader.failures.map((f) => f.check)).not.toContain('requests-v2.deprecation.header');
    expect(withHeader.judgedBy).toContain('requests-v2.deprecation.header');
  });

  it('a string is the raw response text', () => {
    expect('{"status":"waiting"}').toSatisfyApiContract('GET /intents/status/v3');
    expect(failureOf(() => expect('not json').toSatisfyApiContract('GET /intents/status'))).toContain('intents-status.response.schema');
  });

  it('throws, even under .not, for an operation the API lacks, one nothing judges, a status nothing judges, or a body JSON cannot write', () => {
    expect(() => expect({}).toSatisfyApiContract('GET /intents/stat')).toThrow(/GET \/intents\/stat is not an operation of the API \(operations: .*GET \/intents\/status\/v3/);
    expect(() => expect({}).not.toSatisfyApiContract('GET /intents/stat')).toThrow(/is not an operation of the API/);
    expect(() => expect({}).toSatisfyApiContract('/intents/status')).toThrow(/names no operation: expected a method and a path/);
    expect(() => expect({ chains: [] }).not.toSatisfyApiContract('GET /chains')).toThrow(/no check of the kit judges a 200 of GET \/chains/);
    expect(() => expect({ status: 'waiting' }).toSatisfyApiContract('GET /intents/status/v3', { status: 404 })).toThrow(/no check of the kit judges a 404/);
    expect(() => expect({}).toSatisfyApiContract('GET /intents/status/v3', { status: 99 })).toThrow(/status 99 is not an HTTP status/);
    expect(() => expect(10n).toSatisfyApiContract('GET /intents/status/v3')).toThrow(/cannot be written as JSON/);
  });

  it('the bare matcher function works with any expect.extend: this.isNot read, no this needed', () => {
    const bare = toSatisfyApiContract({ status: 'nope' }, 'GET /intents/status');
    expect(bare.pass).toBe(false);
    expect(bare.message()).toContain('intents-status.response.schema (MUST)');
    const negated = toSatisfyApiContract.call({ isNot: true }, { status: 'waiting' }, 'GET /intents/status/v3');
    expect(negated.pass).toBe(true);
    expect(negated.message()).toContain('.not.toSatisfyApiContract');
  });
});
