import { installApiRecorder } from '@crosschain/conformance/recorder/jest';

installApiRecorder({ baseUrl: 'https://api.relay.link', now: () => Date.parse('2026-07-01T00:00:00Z') });
