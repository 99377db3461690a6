/**
 * The recorder over MSW (its `response:mocked` lifecycle event, and `fetch` through MSW's
 * interceptor) and undici's `MockAgent` (behind the real `fetch`): the code gets the mock's body
 * unchanged; conformant bodies pass, the broken one fails with its check, the HAR reads back to
 * the same verdict, and an exchange both MSW's event and the `fetch` wrapper saw is judged once.
 */
import https from 'node:https';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { ApiRecorder } from '../../src/recorder/index.js';
import { BASE, BROKEN, CHECK, GOOD, NOW, getStatus, harVerdicts, verdicts, expectBothPass } from './support.js';

/** A `node:https` client (what axios uses in Node): MSW answers it without `fetch`. */
function httpGetJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    https.request(url, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve(JSON.parse(text)));
    })
      .on('error', reject)
      .end();
  });
}

async function withMsw(body: unknown, run: () => Promise<void>): Promise<ApiRecorder> {
  const server = setupServer(http.get(`${BASE}/intents/status`, () => HttpResponse.json(body)));
  const recorder = new ApiRecorder({ now: NOW });
  server.listen({ onUnhandledRequest: 'error' });
  try {
    recorder.wrapGlobalFetch(); // what the installer's beforeEach does after the file's beforeAll started MSW
    recorder.msw(server);
    await run();
  } finally {
    server.close();
    recorder.uninstall();
  }
  return recorder;
}

describe('MSW', () => {
  it.each([
    ['fetch', (id: string) => getStatus(id)],
    ['node:https', (id: string) => httpGetJson(`${BASE}/intents/status?requestId=${id}`)],
  ] as const)('a %s client: conformant bodies pass, each exchange judged once; the HAR agrees', async (_client, call) => {
    const recorder = await withMsw(GOOD, async () => {
      expect(await call('0x1')).toEqual(GOOD);
      expect(await call('0x2')).toEqual(GOOD);
    });
    await expectBothPass(recorder);
  });

  it('a broken body fails with its check, and so does its HAR', async () => {
    const recorder = await withMsw(BROKEN, async () => {
      expect(await getStatus('0x1')).toEqual(BROKEN);
    });
    const v = await verdicts(recorder);
    expect(v.outcomes[CHECK]).toBe('fail');
    expect(v.failure).toContain(CHECK);
    expect((await harVerdicts(recorder)).outcomes[CHECK]).toBe('fail');
  });
});

describe("undici's MockAgent behind the real fetch", () => {
  async function withAgent(body: unknown): Promise<ApiRecorder> {
    const original = getGlobalDispatcher();
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get(BASE)
      .intercept({ path: (p: string) => p.startsWith('/intents/status?'), method: 'GET' })
      .reply(200, JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
      .times(2);
    setGlobalDispatcher(agent);
    const recorder = new ApiRecorder({ now: NOW });
    recorder.wrapGlobalFetch();
    try {
      expect(await getStatus('0x1')).toEqual(body);
      expect(await getStatus('0x2')).toEqual(body);
    } finally {
      recorder.uninstall();
      setGlobalDispatcher(original);
      await agent.close();
    }
    return recorder;
  }

  it('conformant bodies pass, both judged; the HAR agrees', async () => {
    const recorder = await withAgent(GOOD);
    await expectBothPass(recorder);
  });

  it('a broken body fails with its check, and so does its HAR', async () => {
    const recorder = await withAgent(BROKEN);
    expect((await verdicts(recorder)).outcomes[CHECK]).toBe('fail');
    expect((await harVerdicts(recorder)).outcomes[CHECK]).toBe('fail');
  });
});
