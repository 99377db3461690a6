import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/config/defaults.js';
import { ConfigError } from '../../src/config/fields.js';
import { IN_PROCESS_ORIGIN, TargetSession } from '../../src/run/session.js';
import { validatorFor } from '../../src/contract/validator.js';
import { openapi } from '@crosschain/specs';
import type { OpenApiDocument } from '../../src/contract/validator.js';
import { fakeFetch, jsonResponse } from '../engine/fake-fetch.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const validator = validatorFor(openapi as OpenApiDocument);
const KEY = 'sk_session_key_1';
const options = (inProcess: ReturnType<typeof fakeFetch> | undefined) => ({ inProcess, validator, deadline: undefined, mockV2RateLimit: undefined, events: false });

describe('TargetSession', () => {
  it('an in-process target: its origin, its keys, the HAR fed once per settled exchange, closers run at close', async () => {
    const fetch = fakeFetch(() => jsonResponse(200, { ok: true }));
    const record = join(dir, 'run.har');
    const session = await TargetSession.open(withDefaults({ apiKey: KEY, record }), options(fetch));
    expect([session.baseUrl, session.embedded, session.external, session.inProcess, session.keys.apiKey]).toEqual([IN_PROCESS_ORIGIN, false, false, true, KEY]);
    expect(session.redact(`x ${KEY} y`)).not.toContain(KEY);
    expect(session.answeredAnything()).toBe(false);
    await session.http.send({ method: 'GET', path: '/requests/v3' });
    await session.http.send({ method: 'GET', path: '/requests/v3' });
    expect(session.answeredAnything()).toBe(true);
    const annotated: number[][] = [];
    expect(session.settle(1, (fresh) => annotated.push(fresh.map((e) => e.seq))).map((e) => e.seq)).toEqual([1]);
    expect(session.settle(5, (fresh) => annotated.push(fresh.map((e) => e.seq))).map((e) => e.seq)).toEqual([2]);
    expect(session.settle(5, (fresh) => annotated.push(fresh.map((e) => e.seq)))).toEqual([]);
    expect(annotated).toEqual([[1], [2], []]);
    const closed: string[] = [];
    session.adopt(() => closed.push('probe'));
    await session.close();
    expect(closed).toEqual(['probe']);
    const har = JSON.parse(readFileSync(record, 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries).toHaveLength(2);
    expect(readFileSync(record, 'utf8')).not.toContain(KEY);
  });

  it('a URL target is external, paced by default; the embedded server is the one with dated twins', async () => {
    const url = await TargetSession.open(withDefaults({ baseUrl: 'http://127.0.0.1:9' }), options(undefined));
    expect([url.external, url.embedded, url.maxRps !== undefined, url.datedThrough()]).toEqual([true, false, true, undefined]);
    await url.close();
  });

  it('the reachability probe: a target that answers anything is reachable; a refused connection is not', async () => {
    const answers = await TargetSession.open(withDefaults({}), options(fakeFetch(() => jsonResponse(500, {}))));
    expect(await answers.stillReachable()).toBe(true);
    await answers.close();
    const refuses = await TargetSession.open(
      withDefaults({}),
      options(
        fakeFetch(() => {
          throw new TypeError('fetch failed');
        }),
      ),
    );
    expect(await refuses.stillReachable()).toBe(false);
    await refuses.close();
  });

  it('an unwritable --record (a folder) is a ConfigError', async () => {
    await expect(TargetSession.open(withDefaults({ record: dir }), options(fakeFetch(() => jsonResponse(200, {}))))).rejects.toBeInstanceOf(ConfigError);
  });
});
