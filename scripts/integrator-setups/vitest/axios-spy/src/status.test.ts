import axios from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { MAINNET_RELAY_API } from './constants';
import { pollIntentStatus } from './status';

let statuses: unknown[] = [];

vi.spyOn(axios, 'request').mockImplementation((config) => {
  if (config.url?.includes('/intents/status')) {
    return Promise.resolve({
      data: statuses.shift(),
      status: 200,
    });
  }
  return Promise.reject(new Error('Unexpected URL'));
});

describe('Should test the pollIntentStatus method.', () => {
  it('Should poll until the request settles', async () => {
    statuses = [{ status: 'waiting' }, { status: 'pending' }, { status: 'success', txHashes: ['0x'] }];

    const result = await pollIntentStatus(MAINNET_RELAY_API, '0x1');

    expect(result).toEqual({ status: 'success', txHashes: ['0x'] });
    expect(axios.request).toHaveBeenCalledTimes(3);
  });
});
