/**
 * The dual build: the package's own name resolves to dist/cjs from `require` and to dist
 * from `import`, both builds export the same names, dist/cjs is marked CommonJS, and the CommonJS
 * client works. (pnpm pack-install compiles and runs real CommonJS and bundler consumers.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from './support/fake-fetch.js';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);

describe('@crosschain/types from CommonJS and ESM', () => {
  it('resolves to dist/cjs from require and to dist from import, dist/cjs being marked CommonJS', () => {
    expect(require.resolve('@crosschain/types')).toBe(fileURLToPath(new URL('cjs/index.js', dist)));
    expect(import.meta.resolve('@crosschain/types')).toBe(new URL('index.js', dist).href);
    expect(JSON.parse(readFileSync(new URL('cjs/package.json', dist), 'utf8'))).toEqual({ type: 'commonjs' });
  });

  it('both builds export the same names, and the CommonJS client sends a request', async () => {
    const cjs = require('@crosschain/types') as typeof import('../src/index.js');
    const esm = (await import('@crosschain/types')) as Record<string, unknown>;
    expect(Object.keys(cjs).filter((k) => k !== '__esModule').sort()).toEqual(Object.keys(esm).sort());
    expect(Object.keys(esm).length).toBeGreaterThan(20);
    const fetch = fakeFetch(() => json({ requests: [{ id: '0x1' }] }));
    const client = cjs.createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: 'k', fetch });
    const { data } = await client.requestsV3({ limit: 1 });
    expect(data?.requests[0]?.id).toBe('0x1');
    expect(fetch.requests[0]!.headers.get('x-api-key')).toBe('k');
    expect(new cjs.MissingApiKeyError('requestsV3')).toBeInstanceOf(Error);
  });
});
