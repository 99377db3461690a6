/** A scripted `fetch` for client tests: records every request and answers from a handler. */
export interface FakeFetch {
  (input: Request): Promise<Response>;
  readonly requests: Request[];
}

export function fakeFetch(handler: (request: Request, index: number) => Response | Promise<Response>): FakeFetch {
  const requests: Request[] = [];
  const fn = (async (input: Request) => {
    requests.push(input);
    return handler(input, requests.length - 1);
  }) as FakeFetch;
  Object.defineProperty(fn, 'requests', { value: requests });
  return fn;
}

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** The v2 deprecation headers with the values the live service sends (live-service-facts §5). */
export const V2_DEPRECATION_HEADERS = {
  deprecation: '@1784678400',
  sunset: 'Tue, 24 Nov 2026 00:00:00 GMT',
  link:
    '<https://docs.example.com/migrating-to-requests-v3>; rel="deprecation", ' +
    '<https://docs.example.com/migrating-to-requests-v3>; rel="sunset", ' +
    '<https://api.example.com/requests/v3>; rel="successor-version"',
  'access-control-expose-headers': 'Deprecation, Sunset, Link',
};

export const DEPRECATION_NOTICE = {
  message: 'GET /requests/v2 is deprecated. Migrate to GET /requests/v3.',
  deprecatedAt: '2026-07-22T00:00:00Z',
  throttledFrom: '2026-09-01T00:00:00Z',
  sunsetAt: '2026-11-24T00:00:00Z',
  successor: 'https://api.example.com/requests/v3',
  migrationGuide: 'https://docs.example.com/migrating-to-requests-v3',
};
