/**
 * The reference server as MSW request handlers (`@crosschain/mock-server/msw`): every request to
 * `baseUrl` is answered by the reference server's core in process, in Node (`setupServer`) or in a
 * browser test runner (`setupWorker`). `msw` (2.x) is an optional peer dependency, loaded only by
 * this entry point. The Intent Status websocket is not served through MSW (see the README).
 */
import { http, type HttpHandler } from 'msw';
import { createMockHandler, type MockHandler, type MockHandlerOptions } from './fetch-handler.js';

/**
 * MSW handlers answering every request under `baseUrl` with `mock` (a {@link createMockHandler}
 * result, to keep its controls), or with a new reference server built from these options.
 */
export function mswHandlers(baseUrl: string, mock: MockHandler | Omit<MockHandlerOptions, 'baseUrl'> = {}): HttpHandler[] {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    throw new Error(`baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}. Example: mswHandlers('https://api.example.test')`);
  }
  const handler = 'fetch' in mock && typeof mock.fetch === 'function' ? mock : createMockHandler({ ...(mock as MockHandlerOptions), baseUrl: origin });
  return [http.all(`${origin}/*`, ({ request }) => handler.fetch(request))];
}

export { createMockHandler, type MockHandler, type MockHandlerOptions };
