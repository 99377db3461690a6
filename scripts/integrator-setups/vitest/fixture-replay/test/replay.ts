import { readFileSync } from 'node:fs';
import { apiRecorder } from '@crosschain/conformance/recorder';

/** Answers of the live service recorded as JSON files, by request id. */
export function replayFetch(recorded: Record<string, string>) {
  const replay = async (url: URL, options: { method: string }) => {
    const file = options.method === 'GET' && url.pathname === '/intents/status/v3' ? recorded[url.searchParams.get('requestId') ?? ''] : undefined;
    if (file === undefined) return { ok: false, status: 404, text: async () => JSON.stringify({ message: 'not recorded' }) };
    const text = readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8');
    return { ok: true, status: 200, text: async () => text };
  };
  return apiRecorder().wrapFetch(replay);
}
