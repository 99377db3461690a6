/**
 * Static reference data of the mock: chains, the curated currency list, API keys and the enums
 * of the API document (Resources, States and transitions) and live-service facts §1.4/§1.7.
 */
import { QUERY_PARAMETERS, SCHEMA_ENUMS } from '@crosschain/specs';
import { createRng } from '../prng.js';

/** VM types of the document's Currency resource. */
export type VmType = (typeof SCHEMA_ENUMS.VmType)[number];

/** A chain the mock knows. */
export interface Chain {
  id: number;
  name: string;
  vmType: VmType;
  /** Set for a private chain: records touching it are listed only with `privateChainsToInclude`. */
  privateUuid?: string;
}

/** Real chain ids and VM types (plus one private chain, live-service facts §1.4). */
export const CHAINS: readonly Chain[] = [
  { id: 1, name: 'Ethereum', vmType: 'evm' },
  { id: 8453, name: 'Base', vmType: 'evm' },
  { id: 42161, name: 'Arbitrum One', vmType: 'evm' },
  { id: 10, name: 'OP Mainnet', vmType: 'evm' },
  { id: 137, name: 'Polygon', vmType: 'evm' },
  { id: 56, name: 'BNB Smart Chain', vmType: 'evm' },
  { id: 792703809, name: 'Solana', vmType: 'svm' },
  { id: 8253038, name: 'Bitcoin', vmType: 'bvm' },
  { id: 1337, name: 'Hyperliquid', vmType: 'hypevm' },
  { id: 728126428, name: 'Tron', vmType: 'tvm' },
  { id: 99990001, name: 'Acme private devnet', vmType: 'evm', privateUuid: '6f1c2a9e-3b7d-4c85-9a0e-2d4b8f61c7a3' },
];

export const CHAIN_BY_ID: ReadonlyMap<number, Chain> = new Map(CHAINS.map((c) => [c.id, c]));

/** A curated currency (document, Resources > Currency) plus the mock's own search attributes. */
export interface CatalogueCurrency {
  chainId: number;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  vmType: VmType;
  metadata: { logoURI: string; verified: boolean; isNative: boolean };
  /** `currencyId` of POST /currencies/v2: one id per asset across chains. */
  currencyId: string;
  /** Member of the default list (`defaultList: true`). */
  defaultList: boolean;
  /** Supported by deposit-address bridging (`depositAddressOnly: true`). */
  depositAddress: boolean;
  /** USD price used by the generator. */
  priceUsd: number;
}

type Seed = [chainId: number, address: string, symbol: string, name: string, decimals: number, currencyId: string, price: number, flags?: string];

const ZERO = '0x0000000000000000000000000000000000000000';
/** flags: n = native, u = unverified, d = default list, a = deposit-address capable. */
const REAL: Seed[] = [
  [1, ZERO, 'ETH', 'Ether', 18, 'eth', 3000, 'nda'],
  [1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [1, '0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT', 'Tether USD', 6, 'usdt', 1, 'da'],
  [1, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', 'WETH', 'Wrapped Ether', 18, 'weth', 3000, 'd'],
  [1, '0x6b175474e89094c44da98b954eedeac495271d0f', 'DAI', 'Dai Stablecoin', 18, 'dai', 1, ''],
  [1, '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 'WBTC', 'Wrapped BTC', 8, 'wbtc', 60000, ''],
  [8453, ZERO, 'ETH', 'Ether', 18, 'eth', 3000, 'nda'],
  [8453, '0x833589fcd6eb6e08f4c7c32d4f71b54bda02913', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [8453, '0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether', 18, 'weth', 3000, 'd'],
  [8453, '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf', 'cbBTC', 'Coinbase Wrapped BTC', 8, 'cbbtc', 60000, 'a'],
  [8453, '0x4ed4e862860bed51a9570b96d89af5e1b0efefed', 'DEGEN', 'Degen', 18, 'degen', 0.004, ''],
  [42161, ZERO, 'ETH', 'Ether', 18, 'eth', 3000, 'nda'],
  [42161, '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [42161, '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', 'WETH', 'Wrapped Ether', 18, 'weth', 3000, ''],
  [42161, '0x912ce59144191c1204e64559fe8253a0e49e6548', 'ARB', 'Arbitrum', 18, 'arb', 0.8, ''],
  [42161, '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8', 'USDC.e', 'Bridged USDC', 6, 'usdc.e', 1, ''],
  [10, ZERO, 'ETH', 'Ether', 18, 'eth', 3000, 'nda'],
  [10, '0x0b2c639c533813f4aa9d7837caf62653d097ff85', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [10, '0x4200000000000000000000000000000000000006', 'WETH', 'Wrapped Ether', 18, 'weth', 3000, ''],
  [10, '0x4200000000000000000000000000000000000042', 'OP', 'Optimism', 18, 'op', 1.8, ''],
  [137, ZERO, 'POL', 'Polygon Ecosystem Token', 18, 'pol', 0.5, 'nd'],
  [137, '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [137, '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', 'USDC.e', 'USDCoin (bridged)', 6, 'usdc.e', 1, ''],
  [137, '0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270', 'WPOL', 'Wrapped POL', 18, 'wpol', 0.5, ''],
  [56, ZERO, 'BNB', 'BNB', 18, 'bnb', 600, 'nd'],
  [56, '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 'USDC', 'USD Coin', 18, 'usdc', 1, 'd'],
  [56, '0x55d398326f99059ff775485246999027b3197955', 'USDT', 'Tether USD', 18, 'usdt', 1, 'd'],
  [56, '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c', 'WBNB', 'Wrapped BNB', 18, 'wbnb', 600, ''],
  [792703809, '11111111111111111111111111111111', 'SOL', 'Solana', 9, 'sol', 150, 'nda'],
  [792703809, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 'USD Coin', 6, 'usdc', 1, 'da'],
  [792703809, 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP', 'Jupiter', 6, 'jup', 0.9, ''],
  [792703809, 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', 'Bonk', 'Bonk', 5, 'bonk', 0.00002, ''],
  [8253038, 'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq7k8s', 'BTC', 'Bitcoin', 8, 'btc', 60000, 'nda'],
  [1337, '0x00000000000000000000000000000000', 'HYPE', 'Hyperliquid', 8, 'hype', 25, 'nd'],
  [1337, '0x6d1e7cde53ba9467b783cb7c530ce054', 'USDC', 'USD Coin', 8, 'usdc', 1, 'd'],
  [728126428, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'TRX', 'Tron', 6, 'trx', 0.12, 'nd'],
  [728126428, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'USDT', 'Tether USD', 6, 'usdt', 1, 'da'],
  [99990001, ZERO, 'ETH', 'Ether', 18, 'eth', 3000, 'n'],
  [99990001, '0x1111111111111111111111111111111111111111', 'aUSD', 'Acme USD', 6, 'ausd', 1, 'u'],
];

const MEME_WORDS = ['PEPE', 'DOGE', 'MOON', 'FROG', 'CAT', 'WOJAK', 'CHAD', 'BASED', 'GM', 'WAGMI', 'TURBO', 'MOG'];

/** Unverified long-tail tokens so that the list is longer than any limit (>100 items). */
function longTail(): Seed[] {
  const rng = createRng(0x5eed, 40);
  const evm = [1, 8453, 42161, 10, 137, 56];
  return Array.from({ length: 84 }, (_, i): Seed => {
    const word = MEME_WORDS[i % MEME_WORDS.length];
    const symbol = `${word}${Math.floor(i / MEME_WORDS.length) + 1}`;
    const address = rng.hex(40, '0x');
    const price = Number((0.0001 + rng.next() * 0.5).toFixed(6));
    return [evm[i % evm.length], address, symbol, `${word[0]}${word.slice(1).toLowerCase()} Token ${i + 1}`, 18, symbol.toLowerCase(), price, 'u'];
  });
}

function buildCurrencies(): CatalogueCurrency[] {
  return [...REAL, ...longTail()].map(([chainId, address, symbol, name, decimals, currencyId, price, flags = '']) => ({
    chainId,
    address,
    symbol,
    name,
    decimals,
    vmType: CHAIN_BY_ID.get(chainId)!.vmType,
    metadata: {
      logoURI: `https://assets.crosschain.example/icons/currencies/${currencyId}.png`,
      verified: !flags.includes('u'),
      isNative: flags.includes('n'),
    },
    currencyId,
    defaultList: flags.includes('d'),
    depositAddress: flags.includes('a'),
    priceUsd: price,
  }));
}

/** The curated currency list served by POST /currencies/v2 (>= 100 items, verified and not). */
export const CURRENCIES: readonly CatalogueCurrency[] = buildCurrencies();

/** Request statuses of v3 (document, States and transitions). */
export const V3_STATUSES = SCHEMA_ENUMS.RequestStatusV3;
export type V3Status = (typeof V3_STATUSES)[number];
/** Values accepted by the v3 `status` filter (document, States and transitions). */
export const STATUS_FILTER_VALUES = QUERY_PARAMETERS['GET /requests/v3'].status.enum;

/** Request types (document, Request record (v3) `requestType`). */
export const REQUEST_TYPES = SCHEMA_ENUMS.RequestTypeV3;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** Request types whose origin and destination chain are the same (no destination route side). */
export const SAME_CHAIN_TYPES: ReadonlySet<RequestType> = new Set(['Same-chain Swap', 'Wrap', 'Unwrap']);

/** Feature flags (document `features`; full list live-service facts §1.4). */
export const FEATURES = ['gasless_execution', 'gasless_swap', 'fast_fill', 'gas_top_up', 'fixed_rate', 'app_fees', 'deposit_address'] as const;
export type Feature = (typeof FEATURES)[number];
export const FEATURE_BIT: Readonly<Record<Feature, number>> = Object.fromEntries(FEATURES.map((f, i) => [f, 1 << i])) as Record<Feature, number>;

/** failReason values (live-service facts §1.7; `N/A` is accepted by the filter and means "none"). */
export const FAIL_REASONS = [
  'UNKNOWN', 'SLIPPAGE', 'AMOUNT_TOO_LOW_TO_REFUND', 'DEPOSIT_ADDRESS_MISMATCH', 'DEPOSIT_CHAIN_MISMATCH',
  'INCORRECT_DEPOSIT_CURRENCY', 'DOUBLE_SPEND', 'SOLVER_CAPACITY_EXCEEDED', 'SOLVER_BALANCE_TOO_LOW',
  'DEPOSITED_AMOUNT_TOO_LOW_TO_FILL', 'NEGATIVE_NEW_AMOUNT_AFTER_FEES', 'NO_QUOTES', 'MISSING_REVERT_DATA',
  'REVERSE_SWAP_FAILED', 'GENERATE_SWAP_FAILED', 'TOO_LITTLE_RECEIVED', 'EXECUTION_REVERTED',
  'NEW_CALLDATA_INCLUDES_HIGHER_RENT_FEE', 'TRANSACTION_REVERTED', 'TRANSACTION_TOO_LARGE', 'ORIGIN_CURRENCY_MISMATCH',
  'NO_INTERNAL_SWAP_ROUTES_FOUND', 'SWAP_USES_TOO_MUCH_GAS', 'INSUFFICIENT_FUNDS_FOR_RENT', 'SPONSOR_BALANCE_TOO_LOW',
  'ORDER_EXPIRED', 'ORDER_IS_CANCELLED', 'TRANSFER_FROM_FAILED', 'TRANSFER_FAILED', 'SIGNATURE_EXPIRED',
  'INVALID_SIGNATURE', 'INSUFFICIENT_NATIVE_TOKENS_SUPPLIED', 'TRANSFER_AMOUNT_EXCEEDS_ALLOWANCE',
  'TRANSFER_AMOUNT_EXCEEDS_BALANCE', 'INVALID_SENDER', 'ACCOUNT_ABSTRACTION_INVALID_NONCE',
  'ACCOUNT_ABSTRACTION_SIGNATURE_ERROR', 'SEAPORT_INEXACT_FRACTION', 'TOKEN_NOT_TRANSFERABLE', 'ZERO_SELL_AMOUNT',
  'MINT_NOT_ACTIVE', 'ERC_1155_TOO_MANY_REQUESTED', 'INCORRECT_PAYMENT', 'INVALID_GAS_PRICE', 'FLUID_DEX_ERROR',
  'ORDER_ALREADY_FILLED', 'SEAPORT_INVALID_FULFILLER', 'INVALID_SIGNER', 'MINT_QUANTITY_EXCEEDS_MAX_PER_WALLET',
  'MINT_QUANTITY_EXCEEDS_MAX_SUPPLY', 'JUPITER_INVALID_TOKEN_ACCOUNT', 'INVALID_NONCE', 'ACCOUNT_ABSTRACTION_GAS_LIMIT',
  'CONTRACT_PAUSED', 'SWAP_IMPACT_TOO_HIGH', 'INSUFFICIENT_POOL_LIQUIDITY', 'TTL_EXPIRED', 'DEPOSIT_CONFIRMATION_TIMEOUT',
  'ORPHANED_DEPOSIT_REFUND', 'GASLESS_PERMIT_BALANCE_TOO_LOW', 'MANUAL_ADMIN_REFUND', 'QUOTED_GAS_LIMIT_EXCEEDED',
  'DESTINATION_TOKEN_TRANSFER_REJECTED', 'DEPOSIT_REORGED', 'BLOCKED_WALLET', 'PROTOCOL_DEADLINE_EXPIRED',
  'TRANSACTION_NOT_INCLUDED', 'TRANSACTION_SUBMISSION_FAILED', 'N/A',
] as const;
/** refundFailReason values (live-service facts §1.7, plus `N/A` = none). */
export const REFUND_FAIL_REASONS = [
  'AMOUNT_TOO_LOW_TO_REFUND', 'NEGATIVE_NEW_AMOUNT_AFTER_FEES', 'SWAP_CURRENCY_NOT_ON_ORIGIN',
  'REFUND_RECIPIENT_IS_VASP', 'MANUAL_REFUND_REQUIRED', 'N/A',
] as const;

/** An integrator (owner of API keys and of the requests created with them). */
export interface Integrator {
  name: string;
  referrer: string;
}
/** An API key of the mock. */
export interface ApiKey {
  key: string;
  integrator: string;
  /** Display name (`data.apiKeyName`); null when the key has no name. */
  keyName: string | null;
  active: boolean;
}

export const INTEGRATORS: readonly Integrator[] = [
  { name: 'demo', referrer: 'demo.app' },
  { name: 'other', referrer: 'other.exchange' },
];

/** Built-in keys: `demo-key`, `other-key`, `revoked-key`, plus an unnamed second demo key. */
export const API_KEYS: readonly ApiKey[] = [
  { key: 'demo-key', integrator: 'demo', keyName: 'Demo production', active: true },
  { key: 'demo-unnamed-key', integrator: 'demo', keyName: null, active: true },
  { key: 'other-key', integrator: 'other', keyName: 'Other exchange', active: true },
  { key: 'revoked-key', integrator: 'other', keyName: 'Revoked legacy key', active: false },
];
export const API_KEY_BY_KEY: ReadonlyMap<string, ApiKey> = new Map(API_KEYS.map((k) => [k.key, k]));
