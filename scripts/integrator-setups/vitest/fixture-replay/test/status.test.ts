import { describe, expect, it } from 'vitest';
import { createRelayClient, isSettled } from '../src/relay-client';
import { replayFetch } from './replay';

const fetchImpl = replayFetch({
  '0xbase-to-bnb': 'intents-status-v3-example-1.json',
  '0xbase-to-solana': 'intents-status-v3-example-2.json',
  '0xbase-to-optimism': 'intents-status-v3-example-3.json',
  '0xzora-to-base': 'intents-status-v3-example-4-openapi.json',
});
const client = createRelayClient({ fetchImpl });

describe('settlement proof from recorded live answers', () => {
  it('accepts a settled EVM destination', async () => {
    const status = await client.getIntentStatus('0xbase-to-bnb');
    expect(isSettled(status)).toBe(true);
    expect(status.destinationChainId).toBe(56);
  });

  it('accepts a settled Solana destination (a signature, not a 0x hash)', async () => {
    const status = await client.getIntentStatus('0xbase-to-solana');
    expect(isSettled(status)).toBe(true);
    expect(status.txHashes?.[0]).not.toMatch(/^0x/);
  });

  it('refuses a pending request', async () => {
    expect(isSettled(await client.getIntentStatus('0xbase-to-optimism'))).toBe(false);
  });

  it('accepts the documented example', async () => {
    expect(isSettled(await client.getIntentStatus('0xzora-to-base'))).toBe(true);
  });
});
