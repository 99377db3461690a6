/**
 * Recordings of every format built from the reference server's real answers: the passive tour
 * (test/passive/tour.ts) recorded as HAR, then written as Pact v2, v3 and v4 files, a WireMock
 * root (`mappings/` with `__files/`), vcrpy and Ruby VCR cassettes and a Polly.js recording.
 * `breakOne` swaps one response for a wrong one, to show that each format carries the fault to
 * the check that catches it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import type { Entry, Har } from 'har-format';
import { stringify as toYaml } from 'yaml';
import { harRecorder } from '../passive/har-recorder.js';
import { tour } from '../passive/tour.js';

/** The tour as recorded from a clean reference server (pinned clock and seed). */
export async function recordTour(): Promise<Har> {
  const mock = await startMockServer({ records: 400, seed: 7, now: '2026-10-01T00:00:00Z', v2RateLimit: 4 });
  const recorder = harRecorder();
  try {
    await tour(mock.url, recorder.fetch);
  } finally {
    await mock.close();
  }
  return recorder.har();
}

/** The ways {@link breakOne} breaks a response, and the check each must fail. */
export const BREAKS = {
  /** The `limit=1` page of GET /requests/v3 answered with two records (a page longer than its limit). */
  'limit-max': 'requests-v3.limit.max',
  /** GET /intents/status answered with a status outside its enum. */
  'intent-status-enum': 'intents-status.response.schema',
} as const;
export type Break = keyof typeof BREAKS;

const isOk = (e: Entry, path: string) => e.response.status === 200 && new URL(e.request.url).pathname === path;
const bodyOf = (e: Entry) => JSON.parse(e.response.content.text ?? '{}') as Record<string, unknown>;

/** The tour with one response broken as `kind` says; returns the index of the broken entry. */
export function breakOne(har: Har, kind: Break): { har: Har; index: number } {
  const entries = har.log.entries.map((e) => structuredClone(e));
  let index: number;
  let body: Record<string, unknown>;
  if (kind === 'limit-max') {
    const query = (e: Entry) => new URL(e.request.url).search;
    index = entries.findIndex((e) => isOk(e, '/requests/v3') && query(e) === '?limit=1' && e.request.headers.some((h) => h.name.toLowerCase() === 'x-api-key'));
    const donor = entries.find((e) => isOk(e, '/requests/v3') && (bodyOf(e).requests as unknown[]).length >= 2);
    if (index < 0 || !donor) throw new Error('the tour has no limit=1 page or no page of 2 records to break it with');
    body = { ...bodyOf(entries[index]!), requests: (bodyOf(donor).requests as unknown[]).slice(0, 2) };
  } else {
    index = entries.findIndex((e) => isOk(e, '/intents/status'));
    if (index < 0) throw new Error('the tour has no GET /intents/status answered 200');
    body = { ...bodyOf(entries[index]!), status: 'refunded' };
  }
  entries[index]!.response.content.text = JSON.stringify(body);
  return { har: { log: { ...har.log, entries } }, index };
}

const headerObject = (list: ReadonlyArray<{ name: string; value: string }>, drop: readonly string[] = []) =>
  Object.fromEntries(list.filter((h) => !drop.includes(h.name.toLowerCase())).map((h) => [h.name, h.value]));
const headerLists = (list: ReadonlyArray<{ name: string; value: string }>) => Object.fromEntries(list.map((h) => [h.name, [h.value]]));
const jsonOr = (text: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
/** Headers a Pact or stub would not state (hop-by-hop, transport). */
const TRANSPORT = ['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding', 'host', 'accept-encoding', 'accept-language', 'sec-fetch-mode', 'user-agent', 'accept'];

function description(e: Entry, i: number): string {
  const u = new URL(e.request.url);
  return `${i + 1}: ${e.request.method} ${u.pathname}${u.search} answers ${e.response.status}`;
}

function pactQuery(u: URL, v2: boolean): unknown {
  if (u.search === '') return undefined;
  if (v2) return u.search.slice(1);
  const q: Record<string, string[]> = {};
  for (const [k, v] of u.searchParams) (q[k] ??= []).push(v);
  return q;
}

/** A Pact file of the given specification version (2, 3 or 4) with one interaction per entry. */
export function pactOf(har: Har, version: 2 | 3 | 4): unknown {
  const interactions = har.log.entries.map((e, i) => {
    const u = new URL(e.request.url);
    const request: Record<string, unknown> = { method: e.request.method, path: u.pathname };
    const query = pactQuery(u, version === 2);
    if (query !== undefined) request.query = query;
    const reqHeaders = headerObject(e.request.headers, TRANSPORT);
    if (Object.keys(reqHeaders).length > 0) request.headers = version === 4 ? Object.fromEntries(Object.entries(reqHeaders).map(([k, v]) => [k, [v]])) : reqHeaders;
    const resHeaders = headerObject(e.response.headers, TRANSPORT);
    const response: Record<string, unknown> = { status: e.response.status, headers: version === 4 ? Object.fromEntries(Object.entries(resHeaders).map(([k, v]) => [k, [v]])) : resHeaders };
    const reqBody = jsonOr(e.request.postData?.text);
    const resBody = jsonOr(e.response.content.text);
    if (version === 4) {
      if (reqBody !== undefined) request.body = { content: reqBody, contentType: 'application/json', encoded: false };
      if (resBody !== undefined) response.body = { content: resBody, contentType: e.response.content.mimeType || 'application/json', encoded: false };
      return { type: 'Synchronous/HTTP', key: `tour-${i + 1}`, description: description(e, i), pending: false, request, response };
    }
    if (reqBody !== undefined) request.body = reqBody;
    if (resBody !== undefined) response.body = resBody;
    if (version === 3 && u.pathname === '/requests/v3' && e.response.status === 200) {
      // What a consumer test writes: any array of records, any continuation string.
      response.matchingRules = { body: { '$.requests': { matchers: [{ match: 'type' }] }, '$.continuation': { matchers: [{ match: 'type' }] } } };
    }
    return { description: description(e, i), ...(version === 3 ? { providerStates: [{ name: 'the reference records, seed 7' }] } : { providerState: 'the reference records, seed 7' }), request, response };
  });
  const metadata = version === 2 ? { pactSpecification: { version: '2.0.0' } } : version === 3 ? { pactSpecification: { version: '3.0.0' } } : { pactSpecification: { version: '4.0' } };
  return { consumer: { name: 'tour' }, provider: { name: 'crosschain-mock' }, interactions, metadata };
}

/**
 * A WireMock root: `mappings/NNN.json` per entry (requests by urlPath and equalTo query matchers,
 * or by url; keyless requests marked `absent`), JSON bodies as `jsonBody`, every fourth as a
 * `bodyFileName` in `__files/`.
 */
export function writeWireMock(har: Har, root: string): void {
  mkdirSync(join(root, 'mappings'), { recursive: true });
  mkdirSync(join(root, '__files', 'tour'), { recursive: true });
  har.log.entries.forEach((e, i) => {
    const u = new URL(e.request.url);
    const key = e.request.headers.find((h) => h.name.toLowerCase() === 'x-api-key');
    const request: Record<string, unknown> = { method: e.request.method };
    if (i % 3 === 0) request.url = `${u.pathname}${u.search}`;
    else {
      request.urlPath = u.pathname;
      if (u.search !== '') request.queryParameters = Object.fromEntries([...u.searchParams].map(([k, v]) => [k, { equalTo: v }]));
    }
    const headers: Record<string, unknown> = { 'x-api-key': key ? { equalTo: key.value } : { absent: true } };
    const origin = e.request.headers.find((h) => h.name.toLowerCase() === 'origin');
    if (origin) headers.Origin = { equalTo: origin.value };
    request.headers = headers;
    if (e.request.postData?.text) request.bodyPatterns = [{ equalToJson: e.request.postData.text }];
    const response: Record<string, unknown> = { status: e.response.status, headers: headerObject(e.response.headers, TRANSPORT) };
    const text = e.response.content.text ?? '';
    const json = jsonOr(text);
    if (i % 4 === 1) {
      const file = `tour/${String(i + 1).padStart(3, '0')}.json`;
      writeFileSync(join(root, '__files', file), text);
      response.bodyFileName = file;
    } else if (typeof json === 'object' && json !== null) response.jsonBody = json;
    else if (text !== '') response.body = text;
    writeFileSync(join(root, 'mappings', `${String(i + 1).padStart(3, '0')}.json`), JSON.stringify({ name: description(e, i), request, response }, null, 2));
  });
}

/** A vcrpy cassette (YAML). */
export function vcrpyOf(har: Har): string {
  const interactions = har.log.entries.map((e) => ({
    request: { body: e.request.postData?.text ?? null, headers: headerLists(e.request.headers), method: e.request.method, uri: e.request.url },
    response: { body: { string: e.response.content.text ?? '' }, headers: headerLists(e.response.headers), status: { code: e.response.status, message: e.response.statusText } },
  }));
  return toYaml({ interactions, version: 1 });
}

/** A Ruby VCR 6 cassette (YAML); bodies of even entries as `base64_string`. */
export function rubyVcrOf(har: Har): string {
  const http_interactions = har.log.entries.map((e, i) => ({
    request: { method: e.request.method.toLowerCase(), uri: e.request.url, body: { encoding: 'UTF-8', string: e.request.postData?.text ?? '' }, headers: headerLists(e.request.headers) },
    response: {
      status: { code: e.response.status, message: e.response.statusText },
      headers: headerLists(e.response.headers),
      body: i % 2 === 0 ? { encoding: 'UTF-8', base64_string: Buffer.from(e.response.content.text ?? '').toString('base64') } : { encoding: 'UTF-8', string: e.response.content.text ?? '' },
    },
    recorded_at: new Date(e.startedDateTime).toUTCString(),
  }));
  return `---\n${toYaml({ http_interactions, recorded_with: 'VCR 6.2.0' })}`;
}

/** A Polly.js recording (fs persister: a HAR by `Polly.JS`), the key header excluded as Polly setups do. */
export function pollyOf(har: Har): unknown {
  const entries = har.log.entries.map((e, i) => ({ _id: `tour-${i}`, _order: 0, ...e, request: { ...e.request, headers: e.request.headers.filter((h) => h.name.toLowerCase() !== 'x-api-key') } }));
  return { log: { _recordingName: 'tour', creator: { name: 'Polly.JS', version: '6.0.6', comment: 'persister:fs' }, entries, pages: [], version: '1.2' } };
}

/** Writes every format of `har` under `dir`; returns the paths by format. */
export function writeAll(har: Har, dir: string): Record<'pact2' | 'pact3' | 'pact4' | 'wiremock' | 'vcrpy' | 'rubyVcr' | 'polly', string> {
  mkdirSync(dir, { recursive: true });
  const paths = {
    pact2: join(dir, 'tour-v2.pact.json'),
    pact3: join(dir, 'tour-v3.pact.json'),
    pact4: join(dir, 'tour-v4.pact.json'),
    wiremock: join(dir, 'wiremock'),
    vcrpy: join(dir, 'tour.vcrpy.yaml'),
    rubyVcr: join(dir, 'tour.ruby.yml'),
    polly: join(dir, 'recordings', 'tour_123', 'recording.har'),
  };
  writeFileSync(paths.pact2, JSON.stringify(pactOf(har, 2), null, 2));
  writeFileSync(paths.pact3, JSON.stringify(pactOf(har, 3), null, 2));
  writeFileSync(paths.pact4, JSON.stringify(pactOf(har, 4), null, 2));
  writeWireMock(har, paths.wiremock);
  writeFileSync(paths.vcrpy, vcrpyOf(har));
  writeFileSync(paths.rubyVcr, rubyVcrOf(har));
  mkdirSync(join(dir, 'recordings', 'tour_123'), { recursive: true });
  writeFileSync(paths.polly, JSON.stringify(pollyOf(har), null, 2));
  return paths;
}
