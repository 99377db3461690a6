import { getLocal } from 'mockttp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitForCompletion } from '../src/status';

const REQUEST_ID = '0x5cdc5bd3a1e5a8f6e0f0a1f3b1e9b2a3c4d5e6f708192a3b4c5d6e7f80912345';

// The status the e2e mock answers for the quote's check endpoint.
const RELAY_STATUS_MOCK = {
  status: 'success',
  txHashes: ['0x0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9'],
};

const mockServer = getLocal();

beforeEach(() => mockServer.start(Number(process.env.MOCK_PORT)));
afterEach(() => mockServer.stop());

describe('transaction pay', () => {
  it('completes once the relay reports success', async () => {
    await mockServer.forGet('/intents/status').withQuery({ requestId: REQUEST_ID }).thenJson(200, RELAY_STATUS_MOCK);

    const status = await waitForCompletion(mockServer.url, REQUEST_ID);

    expect(status.status).toBe('success');
    expect(status.txHashes).toHaveLength(1);
  });
});
