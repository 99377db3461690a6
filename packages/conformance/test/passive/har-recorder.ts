/**
 * A fetch that records every exchange as a HAR 1.2 entry (test helper: the tour's traffic as a
 * browser would export it). An entry is dated by the target's clock (its `Date` header, to the
 * second) when it sends one: the reference server runs on a pinned clock, and the audit judges
 * each exchange by the timeline of its own date.
 */
import type { Entry, Har } from 'har-format';

export interface HarRecorder {
  fetch: typeof fetch;
  har(): Har;
}

const pairs = (h: Headers): Array<{ name: string; value: string }> => [...h.entries()].map(([name, value]) => ({ name, value }));

export function harRecorder(): HarRecorder {
  const entries: Entry[] = [];
  const record = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.clone().text();
    const started = new Date();
    const res = await fetch(req);
    const text = await res.clone().text();
    const url = new URL(req.url);
    const served = Date.parse(res.headers.get('date') ?? '');
    entries.push({
      startedDateTime: (Number.isFinite(served) ? new Date(served) : started).toISOString(),
      time: Date.now() - started.getTime(),
      request: {
        method: req.method,
        url: req.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(req.headers),
        queryString: [...url.searchParams.entries()].map(([name, value]) => ({ name, value })),
        ...(body !== undefined ? { postData: { mimeType: req.headers.get('content-type') ?? 'application/json', text: body } } : {}),
        headersSize: -1,
        bodySize: body === undefined ? 0 : body.length,
      },
      response: {
        status: res.status,
        statusText: res.statusText,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(res.headers),
        content: { size: text.length, mimeType: res.headers.get('content-type') ?? '', text },
        redirectURL: '',
        headersSize: -1,
        bodySize: text.length,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    });
    return res;
  };
  return { fetch: record as typeof fetch, har: () => ({ log: { version: '1.2', creator: { name: 'test', version: '0' }, entries } }) };
}
