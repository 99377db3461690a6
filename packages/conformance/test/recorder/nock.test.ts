/**
 * The recorder over nock 14 (which replaces `fetch` when imported): the installer's `beforeEach`
 * wraps nock's `fetch`, so the code gets nock's reply unchanged and the recorder sees it; a
 * `node:https` client is seen through the scope's events (`recorder.nock(scope)`), once even when
 * a fetch client is seen both ways.
 */
import https from 'node:https';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRecorder } from '../../src/recorder/index.js';
import { BASE, BROKEN, CHECK, GOOD, NOW, getStatus, harVerdicts, verdicts, expectBothPass } from './support.js';

afterEach(() => {
  nock.cleanAll();
});

async function withNock(body: unknown): Promise<ApiRecorder> {
  const scope = nock(BASE).get('/intents/status').query(true).times(2).reply(200, body as nock.Body);
  const recorder = new ApiRecorder({ now: NOW });
  recorder.wrapGlobalFetch();
  try {
    expect(await getStatus('0x1')).toEqual(body);
    expect(await getStatus('0x2')).toEqual(body);
  } finally {
    recorder.uninstall();
  }
  expect(scope.isDone()).toBe(true);
  return recorder;
}

describe('nock', () => {
  it('conformant bodies pass, both judged; the HAR agrees', async () => {
    const recorder = await withNock(GOOD);
    await expectBothPass(recorder);
  });

  it('a broken body fails with its check, and so does its HAR', async () => {
    const recorder = await withNock(BROKEN);
    const v = await verdicts(recorder);
    expect(v.outcomes[CHECK]).toBe('fail');
    expect(v.failure).toContain(CHECK);
    expect((await harVerdicts(recorder)).outcomes[CHECK]).toBe('fail');
  });
});

/** A `node:https` client (what axios uses in Node). */
function httpsGetJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    https
      .request(url, { headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve(JSON.parse(text)));
      })
      .on('error', reject)
      .end();
  });
}

describe('nock scope events (recorder.nock)', () => {
  it.each([
    ['conformant', GOOD, 'pass'],
    ['broken', BROKEN, 'fail'],
  ] as const)('a node:https client, %s body: %s; a fetch client seen by both ways is judged once', async (_kind, body, status) => {
    const recorder = new ApiRecorder({ now: NOW });
    recorder.wrapGlobalFetch();
    recorder.nock(nock(BASE).get('/intents/status').query(true).times(2).reply(200, body as nock.Body));
    try {
      expect(await httpsGetJson(`${BASE}/intents/status?requestId=0x1`, { 'x-api-key': 'secret-key-0123456789' })).toEqual(body);
      expect(await getStatus('0x2')).toEqual(body);
    } finally {
      recorder.uninstall();
    }
    const v = await verdicts(recorder);
    expect(v.judged).toBe(2);
    expect(v.outcomes[CHECK]).toBe(status);
    expect((await harVerdicts(recorder)).text).not.toContain('secret-key-0123456789');
  });

  it('a reply given as a function is listed as not judged', async () => {
    const recorder = new ApiRecorder({ now: NOW });
    recorder.nock(nock(BASE).get('/intents/status').query(true).reply(() => [200, JSON.stringify(GOOD)]));
    expect(await httpsGetJson(`${BASE}/intents/status?requestId=0x1`)).toEqual(GOOD);
    recorder.uninstall();
    expect((await recorder.audit()).notJudged.map((n) => n.why)).toEqual(['its nock reply is a function: nock keeps no body for it (record with nock.recorder, or use a fetch client)']);
  });
});
