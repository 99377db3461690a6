/**
 * The readers of recordings/ over real files of each format (fixtures/SOURCES.md), stubs whose
 * request is a matcher, and input that is no recording (a usage error, never a crash).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { apiOperations, auditRecordings, judgedNote } from '../../src/recordings/audit.js';
import { RecordingError, readRecordings } from '../../src/recordings/index.js';
import { cliIo } from '../cli-io.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const OPS = apiOperations();
const read = (...paths: string[]) => readRecordings(paths, FIXTURES, OPS);

describe('real files of each format', () => {
  it('Pact v2, v3 and v4 (pact-jvm): descriptions, queries, a base64 body and a message interaction', async () => {
    const r = await read('pact');
    expect(r.files.map((f) => f.label).sort()).toEqual(['Pact 2.0.0', 'Pact 3.0.0', 'Pact 4.0']);
    const [v2, v3, http, message] = [...r.interactions].sort((a, b) => a.name.localeCompare(b.name));
    expect(v2!.name).toBe('pact/pact-jvm-v2-pact.json › "a retrieve Mallory request"');
    expect(v2!.exchange!.url).toBe('http://pact.invalid/mallory?name=ron&status=good');
    expect(v3!.exchange!.url).toBe(v2!.exchange!.url);
    expect(v3!.exchange!.responseHeaders['content-type']).toBe('text/html');
    expect(http!.exchange!.bodyText).toBe(Buffer.from('R0lGODdhAQABAIAAAP///////ywAAAAAAQABAAACAkQBADs=', 'base64').toString('utf8'));
    expect(message!.name).toContain('"Test Message" (given "message exists")');
    expect(message!.unjudged).toBe('an interaction of type Asynchronous/Messages, not an HTTP request and response');
  });

  it('WireMock mappings/ folder, vcrpy and Ruby VCR cassettes, a Polly.js recording', async () => {
    const r = await read('wiremock', 'vcr', 'polly');
    expect(r.files.map((f) => f.label)).toEqual(['WireMock mapping', 'WireMock mapping', 'VCR cassette (Ruby VCR)', 'VCR cassette (vcrpy)', 'Polly.js recording (HAR 1.2)']);
    const byName = Object.fromEntries(r.interactions.map((i) => [i.name, i]));
    expect(byName['wiremock/mappings/testjsonmapping.json › testjsonmapping.json']!.unjudged).toBe('its URL pattern "/testjsonmapping" matches no operation of the API');
    expect(byName['vcr/vcrpy-new_cassette.yaml › interaction 1 (GET http://httpbin.org/ip)']!.exchange!.bodyText).toBe('{\n  "origin": "217.122.164.194"\n}');
    expect(byName['vcr/ruby-vcr-format-example.yml › interaction 2 (GET http://localhost:7777/bar)']!.exchange!.bodyText).toBe('Hello bar');
    expect(byName['polly/pollyjs-sign-in/recording.har › "Sign In" entry 1 (POST https://netflix.com/api/v1/login)']!.exchange!.requestBody).toContain('polly@netflix.com');
  });

  it('vcrpy bytes (!!binary, gzip-compressed as recorded) and Ruby VCR 1.x tagged structs are decoded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcr-'));
    const page = JSON.stringify({ requests: [] });
    const gz = gzipSync(Buffer.from(page)).toString('base64');
    writeFileSync(
      join(dir, 'gzip.yaml'),
      `interactions:\n- request:\n    body: null\n    headers: {x-api-key: [k-123456789]}\n    method: GET\n    uri: http://api.test/requests/v3?limit=1\n  response:\n    body:\n      string: !!binary |\n        ${gz}\n    headers: {content-encoding: [gzip], content-type: [application/json]}\n    status: {code: 200, message: OK}\nversion: 1\n`,
    );
    writeFileSync(
      join(dir, 'tagged.yml'),
      `--- \n- !ruby/struct:VCR::HTTPInteraction \n  request: !ruby/struct:VCR::Request \n    method: :get\n    uri: http://api.test/requests/v3?limit=1\n    body: \n    headers: \n  response: !ruby/struct:VCR::Response \n    status: !ruby/struct:VCR::ResponseStatus \n      code: 200\n      message: OK\n    headers: \n      content-type: \n      - application/json\n    body: '${page}'\n    http_version: "1.1"\n`,
    );
    const r = await readRecordings(['gzip.yaml', 'tagged.yml'], dir, OPS);
    expect(r.interactions.map((i) => i.exchange!.bodyText)).toEqual([page, page]);
    expect(r.interactions[0]!.exchange!.responseHeaders['content-encoding']).toBeUndefined();
    expect(r.interactions[1]!.exchange!.method).toBe('GET');
  });

  it('a Polly.js local-storage export ({"<name>_<hash>": {"log": ...}}) is read as its recordings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polly-'));
    const recording = JSON.parse(readFileSync(join(FIXTURES, 'polly', 'pollyjs-sign-in', 'recording.har'), 'utf8')) as unknown;
    writeFileSync(join(dir, 'local-storage.json'), JSON.stringify({ 'Sign-In_1234': recording, 'Sign-In_5678': recording }));
    const r = await readRecordings(['local-storage.json'], dir, OPS);
    expect(r.files).toEqual([{ file: 'local-storage.json', format: 'polly', label: 'Polly.js recording (HAR 1.2)', interactions: 2 }]);
    expect(r.interactions.map((i) => i.name)).toEqual([
      'local-storage.json › Sign-In_1234 › "Sign In" entry 1 (POST https://netflix.com/api/v1/login)',
      'local-storage.json › Sign-In_5678 › "Sign In" entry 1 (POST https://netflix.com/api/v1/login)',
    ]);
  });

  it('audit of the whole fixtures folder: nothing judged (other APIs), each interaction listed with why, exit 5', async () => {
    const c = cliIo({}, FIXTURES);
    expect(await main(['audit', '.'], c.io)).toBe(5);
    const text = c.text();
    expect(text).toMatch(/Not judged \(11 of 11 interactions\):/);
    expect(text).toContain('pact/pact-jvm-v2-pact.json › "a retrieve Mallory request": GET /mallory is not an operation of the API');
    expect(text).toContain('"Test Message" (given "message exists"): an interaction of type Asynchronous/Messages');
  });
});

describe('stubs whose request is a matcher', () => {
  const records = { requests: [{ id: '0x1' }, { id: '0x2' }] };
  const stub = (request: Record<string, unknown>, response: Record<string, unknown> = { status: 200, headers: { 'Content-Type': 'application/json' }, jsonBody: records }) => ({ request, response });

  it('a regex path is judged when it names one operation; a regex query leaves only the schema judged; faults and templates are listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stubs-'));
    const mappings = {
      mappings: [
        { name: 'any v3 page', ...stub({ method: 'ANY', urlPathPattern: '/requests/v[3]', queryParameters: { limit: { equalTo: '1' } } }) },
        { name: 'pattern limit', ...stub({ method: 'GET', urlPath: '/requests/v3', queryParameters: { limit: { matches: '[0-9]+' } } }) },
        { name: 'two operations', ...stub({ method: 'GET', urlPathPattern: '/requests/.*' }) },
        { name: 'reset', ...stub({ method: 'GET', url: '/requests/v3' }, { fault: 'CONNECTION_RESET_BY_PEER' }) },
        { name: 'templated', ...stub({ method: 'GET', url: '/requests/v3?limit=2' }, { status: 200, body: '{"requests": {{request.query.limit}} }', transformers: ['response-template'] }) },
        { name: 'missing file', ...stub({ method: 'GET', url: '/intents/status?requestId=0x1' }, { status: 200, bodyFileName: 'nowhere.json' }) },
      ],
    };
    writeFileSync(join(dir, 'stubs.json'), JSON.stringify(mappings));
    const r = await readRecordings(['stubs.json'], dir, OPS);
    const by = Object.fromEntries(r.interactions.map((i) => [i.name.replace('stubs.json › ', ''), i]));
    expect(by['"any v3 page"']!.exchange!.method).toBe('GET');
    expect(by['"any v3 page"']!.exchange!.url).toBe('http://wiremock.invalid/requests/v3?limit=1');
    expect(by['"pattern limit"']!.partial).toBe('query parameter limit is matched by matches "[0-9]+"');
    expect(by['"two operations"']!.unjudged).toMatch(/^its URL pattern "\/requests\/\.\*" matches several operations \(GET \/requests\/v[23], GET \/requests\/v[23]\)$/);
    expect(by['"reset"']!.unjudged).toMatch(/network fault CONNECTION_RESET_BY_PEER/);
    expect(by['"templated"']!.unjudged).toMatch(/response template/);
    expect(by['"missing file"']!.unjudged).toMatch(/bodyFileName "nowhere.json" cannot be read .*ENOENT/);
    // limit=1 with two records fails limit.max on the concrete stub; the pattern stub (the same
    // answer to an unknown limit) is judged on its schema only, so it adds no limit violation.
    const audit = auditRecordings(r, { startedAt: new Date(), files: ['stubs.json'], strict: false });
    const failed = audit.result.outcomes.filter((o) => o.status === 'fail');
    expect(failed.map((o) => o.id)).toContain('requests-v3.limit.max');
    const limit = failed.find((o) => o.id === 'requests-v3.limit.max')!;
    expect(limit.reason).toMatch(/^1 of 1 exchanges violate it; in stubs\.json › "any v3 page"$/);
    expect(audit.partial).toEqual([{ interaction: 'stubs.json › "pattern limit"', why: 'query parameter limit is matched by matches "[0-9]+"' }]);
    expect(audit.notJudged.map((n) => n.interaction)).toEqual(['stubs.json › "two operations"', 'stubs.json › "reset"', 'stubs.json › "templated"', 'stubs.json › "missing file"']);
  });

  it('a stub that states no key is taken as keyed; one that marks the key absent is judged keyless', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stubs-'));
    mkdirSync(join(dir, 'mappings'));
    writeFileSync(join(dir, 'mappings', 'keyless.json'), JSON.stringify(stub({ method: 'GET', url: '/requests/v3?limit=5', headers: { 'x-api-key': { absent: true } } })));
    writeFileSync(join(dir, 'mappings', 'unstated.json'), JSON.stringify(stub({ method: 'GET', url: '/requests/v3?limit=5' })));
    const r = await readRecordings(['.'], dir, OPS);
    const audit = auditRecordings(r, { startedAt: new Date(), files: ['.'], strict: false });
    const key = audit.result.outcomes.find((o) => o.id === 'requests-v3.auth.key-required')!;
    expect(key.status).toBe('fail');
    expect(key.reason).toBe('1 of 1 exchanges violate it; in mappings/keyless.json › keyless.json');
    expect(audit.keyAssumed).toBe(1);
    expect(judgedNote(audit, r)).toContain('1 of 2 interactions state no x-api-key: judged as sent with a key');
  });
});

describe('input that is no recording', () => {
  it.each([
    ['not-json.har', 'HTTP/1.1 200 OK', /^error: not-json\.har is not JSON/],
    ['bad.har', '{"log": {}}', /^error: bad\.har has no log\.entries array; expected a HAR 1\.2 file/],
    ['pact.json', '{"consumer": {"name": "a"}, "interactions": [3]}', /^error: pact\.json: interactions\[0\] is not an object \(Pact 2\.0\.0\)/],
    ['other.json', '{"hello": "world"}', /^error: other\.json is not a recording the audit reads: expected a HAR 1\.2 file, a Polly\.js recording, a Pact file/],
    ['broken.yaml', 'a: [1, 2\nb: }', /^error: broken\.yaml is neither JSON nor YAML/],
    ['cassette.yml', 'interactions:\n- request: {uri: 3}\n', /^error: cassette\.yml is not a recording the audit reads/],
  ])('%s', async (file, text, error) => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-'));
    writeFileSync(join(dir, file), text);
    const c = cliIo({}, dir);
    const code = await main(['audit', file], c.io);
    expect(code).toBe(2);
    expect(c.err.join('')).toMatch(error);
  });

  it('a readable mapping with a status that is not a number is listed as not judged (exit 5), not a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-'));
    writeFileSync(join(dir, 'm.json'), '{"mappings": [{"request": {"method": "GET", "url": "/requests/v3"}, "response": {"status": "oops"}}]}');
    const c = cliIo({}, dir);
    expect(await main(['audit', 'm.json'], c.io)).toBe(5);
    expect(c.text()).toContain('m.json › mapping 1: response.status "oops" is not a number');
  });

  it('a missing file, an empty folder and no argument are usage errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-'));
    mkdirSync(join(dir, 'empty'));
    const c = cliIo({}, dir);
    expect(await main(['audit', 'missing.json'], c.io)).toBe(2);
    expect(await main(['audit', 'empty'], c.io)).toBe(2);
    expect(await main(['audit'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/cannot read missing\.json: ENOENT[\s\S]*empty holds no recording the audit reads[\s\S]*audit needs at least one recording/);
  });

  it('in a folder, files that are not recordings (a tsconfig with comments, a package.json) are skipped and listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mixed-'));
    writeFileSync(join(dir, 'tsconfig.json'), '{ // comments\n "compilerOptions": {} }');
    writeFileSync(join(dir, 'package.json'), '{"name": "app"}');
    writeFileSync(join(dir, 'app.pact.json'), JSON.stringify({ consumer: { name: 'app' }, provider: { name: 'api' }, interactions: [], metadata: { pactSpecification: { version: '3.0.0' } } }));
    const c = cliIo({}, dir);
    expect(await main(['audit', '.'], c.io)).toBe(5);
    expect(c.text()).toMatch(/Skipped files \(2\):\n  - package\.json: not a recording the audit reads\n  - tsconfig\.json: is not JSON \(Expected property name/);
  });

  it('any JSON, and any content in the shape of each format, is read or refused with a RecordingError, and judged without an exception', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
    const any = fc.jsonValue({ maxDepth: 4 });
    const shaped = fc.oneof(
      any,
      fc.record({ consumer: fc.constant({ name: 'c' }), interactions: fc.array(fc.oneof(any, fc.record({ description: any, type: any, request: fc.oneof(any, fc.record({ method: any, path: fc.oneof(any, fc.constant('/requests/v3')), query: any, headers: any, body: any })), response: fc.oneof(any, fc.record({ status: any, headers: any, body: any })) })), { maxLength: 3 }), metadata: any }),
      fc.record({ request: fc.oneof(any, fc.record({ method: any, url: any, urlPath: any, urlPathPattern: any, queryParameters: any, headers: any, bodyPatterns: any })), response: fc.oneof(any, fc.record({ status: any, headers: any, jsonBody: any, body: any, bodyFileName: any, fault: any, transformers: any })) }),
      fc.record({ interactions: fc.array(fc.record({ request: fc.record({ uri: fc.oneof(fc.string(), fc.constant('http://x/requests/v3?limit=1')), method: any, headers: any, body: any }), response: fc.oneof(any, fc.record({ status: any, headers: any, body: any })) }), { maxLength: 3 }), version: fc.constant(1) }),
      fc.record({ log: fc.oneof(any, fc.record({ creator: any, entries: fc.array(any, { maxLength: 3 }) })) }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(shaped, async (doc) => {
        const file = `f${n++}.json`;
        writeFileSync(join(dir, file), JSON.stringify(doc));
        let recordings;
        try {
          recordings = await readRecordings([file], dir, OPS);
        } catch (err) {
          expect(err).toBeInstanceOf(RecordingError);
          return;
        }
        const audit = auditRecordings(recordings, { startedAt: new Date(), files: [file], strict: false });
        expect(audit.result.outcomes.length).toBeGreaterThan(0);
      }),
      { numRuns: 300, seed: 21 },
    );
  });
});

describe('the date of a recorded interaction', () => {
  const cassette = (recordedAt: string) =>
    [
      '---',
      'http_interactions:',
      '- request:',
      '    method: get',
      '    uri: https://api.relay.link/requests/v2?limit=1',
      '    body: { encoding: UTF-8, string: "" }',
      '    headers: {}',
      '  response:',
      '    status: { code: 200, message: OK }',
      '    headers: { Content-Type: [application/json] }',
      '    body: { encoding: UTF-8, string: \'{"requests":[]}\' }',
      `  recorded_at: ${recordedAt}`,
      'recorded_with: VCR 6.2.0',
      '',
    ].join('\n');
  const judge = async (recordedAt: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'vcr-dated-'));
    writeFileSync(join(dir, 'v2.yml'), cassette(recordedAt));
    const recordings = await readRecordings(['v2.yml'], dir, OPS);
    expect(recordings.interactions[0]!.exchange!.startedAt).toBe(Date.parse(recordedAt));
    const audit = auditRecordings(recordings, { startedAt: new Date(), files: ['v2.yml'], strict: false });
    return audit.result.outcomes.filter((o) => o.status === 'fail').map((o) => o.id);
  };

  it('a Ruby VCR interaction is judged by its recorded_at: v2 without signals passes before they went live, fails inside the window', async () => {
    expect(await judge('Wed, 01 Jul 2026 10:00:00 GMT')).toEqual([]);
    expect((await judge('Tue, 15 Sep 2026 10:00:00 GMT')).some((id) => id.startsWith('requests-v2.deprecation'))).toBe(true);
  });
});
