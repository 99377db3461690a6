import axios from 'axios';

export type IntentStatus = {
  status: 'refund' | 'waiting' | 'depositing' | 'failure' | 'pending' | 'submitted' | 'success' | 'delayed';
  txHashes?: string[];
  inTxHashes?: string[];
};

const FINAL = new Set(['success', 'failure', 'refund']);

/** Polls the request's status until it is final (as the SDK does after a deposit). */
export async function pollIntentStatus(baseApiUrl: string, requestId: string, maxAttempts = 10): Promise<IntentStatus> {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const res = await axios.request<IntentStatus>({
      url: `${baseApiUrl}/intents/status/v3`,
      method: 'get',
      params: { requestId },
    });
    if (res.status === 200 && FINAL.has(res.data.status)) return res.data;
  }
  throw new Error(`request ${requestId} did not settle after ${maxAttempts} polls`);
}
