import { installApiRecorder } from '@crosschain/conformance/recorder/vitest';

installApiRecorder({ baseUrl: `http://localhost:${process.env.MOCK_PORT}`, now: () => Date.parse('2026-07-01T00:00:00Z') });
