export const RELAY_URL_BASE = 'https://api.relay.link';
export const RELAY_STATUS_URL = `${RELAY_URL_BASE}/intents/status/v3`;
