/**
 * The recorder over nock 14 (which replaces `fetch` when imported): the installer's `beforeEach`
 * wraps nock's `fetch`, so the code gets nock's reply unchanged and the recorder sees it.
 */
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRecorder } from '../../src/recorder/index.js';
import { BASE, BROKEN, CHECK, GOOD, NOW, getStatus, harVerdicts, verdicts } from './support.js';

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
    const v = await verdicts(recorder);
    expect(v.failure).toBeUndefined();
    expect(v.judged).toBe(2);
    expect(v.outcomes[CHECK]).toBe('pass');
    expect((await harVerdicts(recorder)).outcomes).toEqual(v.outcomes);
  });

  it('a broken body fails with its check, and so does its HAR', async () => {
    const recorder = await withNock(BROKEN);
    const v = await verdicts(recorder);
    expect(v.outcomes[CHECK]).toBe('fail');
    expect(v.failure).toContain(CHECK);
    expect((await harVerdicts(recorder)).outcomes[CHECK]).toBe('fail');
  });
});
