export const MAINNET_RELAY_API = 'https://api.relay.link';
