/** GET /requests/v3 without a key is refused (API document, Authentication rule 1). */
import { V3, status, type Oracle } from './oracle.js';

export const keyRequired: Oracle = {
  id: 'requests-v3.auth.key-required',
  applies: (s) => s.exchange.operation === V3 && !s.hasKey,
  judge: (s) =>
    status(s) >= 200 && status(s) < 300
      ? { message: 'GET /requests/v3 requires x-api-key: a request without it must be refused', expected: '401 (or another 4xx)', received: `${status(s)} without a key` }
      : undefined,
};
