/**
 * What an integrator hands to the SDK's `execute`: a quote for a request the reference server holds
 * and a wallet. The reference server does not quote (`POST /quote/v2` is outside its contract), so
 * the quote is written here in the shape the live service returns for a bridge (relayprotocol/relay-kit,
 * packages/sdk/tests/data/executeBridge.ts), with the request id, chains and addresses of an open
 * request of the reference server. The wallet is an `AdaptedWallet` (the SDK's interface for custom
 * wallets): it "sends" the deposit and never reports a receipt, so only the server's status ends the
 * execution.
 */
import { generateDataset, type MockServer, type Row } from '@crosschain/mock-server';
import { convertViemChainToRelayChain, createClient, execute, LogLevel, type AdaptedWallet, type Execute, type RelayChain } from '@relayprotocol/relay-sdk';
import { arbitrum, base, bsc, mainnet, optimism, polygon } from 'viem/chains';
import { NOW } from './reference-server.js';

/** EVM chains of the reference server's catalogue, as the SDK's client is configured with them. */
export const CHAINS: RelayChain[] = [mainnet, base, arbitrum, optimism, polygon, bsc].map((c) => convertViemChainToRelayChain(c));

/** Options of the reference server the open requests below are picked from. */
export const DATA = { records: 300, seed: 1 } as const;

/**
 * Open cross-chain requests (waiting for their deposit) between two EVM chains the SDK is
 * configured with, from the data set the server serves.
 */
export function openCrossChainRequests(): Row[] {
  const ids = new Set(CHAINS.map((c) => c.id));
  return generateDataset({ ...DATA, now: NOW }).rows.filter(
    (r) => r.status === 'waiting' && r.privateChain === null && ids.has(r.originChainId) && ids.has(r.destinationChainId) && r.originChainId !== r.destinationChainId && r.sender !== null && r.recipient !== null,
  );
}

function currency(chainId: number) {
  return { chainId, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', name: 'Ether', decimals: 18, metadata: { verified: true, isNative: true } };
}

/** A bridge quote whose deposit step is `row`'s request (check endpoint `/intents/status?requestId=`). */
export function quoteFor(row: Row): Execute {
  return {
    steps: [
      {
        id: 'deposit',
        action: 'Confirm transaction in your wallet',
        description: 'Deposit funds for executing the calls',
        kind: 'transaction',
        requestId: row.id,
        items: [
          {
            status: 'incomplete',
            data: { from: row.sender, to: '0xa5f565650890fba1824ee0f21ebbbf660a179934', data: '0x01a25f8d', value: '1000000000000000', chainId: row.originChainId },
            check: { endpoint: `/intents/status?requestId=${row.id}`, method: 'GET' },
          },
        ],
      },
    ],
    details: {
      sender: row.sender!,
      recipient: row.recipient!,
      currencyIn: { currency: currency(row.originChainId), amount: '1000000000000000' },
      currencyOut: { currency: currency(row.destinationChainId), amount: '999000000000000' },
    },
  };
}

/** The hash the wallet reports for the deposit it sent. */
export const DEPOSIT_TX = `0x${'d0'.repeat(32)}`;

export function walletFor(row: Row): AdaptedWallet {
  return {
    vmType: 'evm',
    getChainId: async () => row.originChainId,
    address: async () => row.sender!,
    switchChain: async () => undefined,
    handleSignMessageStep: async () => {
      throw new Error('the quote has no signature step');
    },
    handleSendTransactionStep: async () => DEPOSIT_TX,
    // The receipt never arrives: the execution must end on the server's status alone.
    handleConfirmTransactionStep: () => new Promise(() => undefined),
  };
}

/**
 * Configures the SDK's client for the reference server as an integrator does (base URL, websocket
 * options, chains, a source); returns the SDK's log lines (its `logger` option), flattened to text.
 */
export function configureClient(server: MockServer, options: { pollingInterval: number; maxPollingAttemptsBeforeTimeout: number; websocket: { enabled: boolean; url?: string } }): string[] {
  const lines: string[] = [];
  createClient({
    baseApiUrl: server.url,
    source: 'clients-suite.test',
    chains: CHAINS,
    logLevel: LogLevel.Verbose,
    logger: (message: unknown[]) => lines.push(message.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ')),
    ...options,
  });
  return lines;
}

export type Outcome = { ok: true; data: Execute } | { ok: false; error: string };

/** `execute` on `row`'s quote with its wallet: how it ended, and the deposit step item as last reported. */
export async function executeDeposit(row: Row): Promise<{ outcome: Outcome; item: Execute['steps'][0]['items'][0] }> {
  const progress: Execute['steps'][] = [];
  const outcome = await execute({ quote: quoteFor(row), wallet: walletFor(row), onProgress: ({ steps }) => progress.push(structuredClone(steps)) }).then(
    (r): Outcome => ({ ok: true, data: r.data }),
    (e: unknown): Outcome => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
  return { outcome, item: progress.at(-1)![0].items[0] };
}
