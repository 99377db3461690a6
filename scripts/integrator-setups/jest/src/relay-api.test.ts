import { RELAY_STATUS_URL } from './constants';
import { successfulFetch } from './fetch-utils';
import { getRelayStatus, getTargetHash } from './relay-api';

jest.mock('./fetch-utils', () => ({
  ...jest.requireActual('./fetch-utils'),
  successfulFetch: jest.fn(),
}));

const successfulFetchMock = jest.mocked(successfulFetch);

describe('relay-api', () => {
  beforeEach(() => {
    jest.resetAllMocks();
  });

  describe('getRelayStatus', () => {
    const REQUEST_ID_MOCK = '0xabc123';

    const STATUS_RESPONSE_MOCK = {
      status: 'success',
      txHashes: [{ txHash: '0xhash', chainId: 1 }],
    };

    it('fetches the status URL with the request ID', async () => {
      successfulFetchMock.mockResolvedValue({
        json: async () => STATUS_RESPONSE_MOCK,
      } as Response);

      await getRelayStatus(REQUEST_ID_MOCK);

      expect(successfulFetchMock).toHaveBeenCalledWith(
        `${RELAY_STATUS_URL}?requestId=${REQUEST_ID_MOCK}`,
        { method: 'GET' },
      );
    });

    it('returns the parsed status', async () => {
      successfulFetchMock.mockResolvedValue({
        json: async () => STATUS_RESPONSE_MOCK,
      } as Response);

      const result = await getRelayStatus(REQUEST_ID_MOCK);

      expect(result).toStrictEqual(STATUS_RESPONSE_MOCK);
    });

    it('returns the target hash', async () => {
      successfulFetchMock.mockResolvedValue({
        json: async () => STATUS_RESPONSE_MOCK,
      } as Response);

      expect(await getTargetHash(REQUEST_ID_MOCK)).toBe('0xhash');
    });
  });
});
