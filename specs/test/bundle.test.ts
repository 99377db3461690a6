/**
 * The bundler (scripts/bundle.mjs: Redocly's bundle plus the name checks) and the package exports
 * (src/index.ts): stable component names, inlined path items, clear errors on bad input (Redocly's
 * own problems for unresolved and circular references), byte-stable output equal to the committed files.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { BundleError, bundleDocument, generate, loadClauses } from '../scripts/bundle.mjs';
import { asyncapi, clauses, openapi, specFiles, specHash } from '../src/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'specs-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let fixtureCount = 0;

/** Writes `files` (relative path -> YAML text) into a fresh directory and returns its path. */
function fixture(files: Record<string, string>): string {
  const dir = join(tmp, String(fixtureCount++));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const ROOT = `openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /a:
    $ref: './paths/a.yaml'
components:
  schemas:
    Thing:
      $ref: './schemas/things.yaml#/Thing'
`;

describe('bundleDocument', () => {
  it('names registered components, inlines path items and auto-registers schema entries', () => {
    const dir = fixture({
      'root.yaml': ROOT,
      'paths/a.yaml': `get:
  responses:
    '200':
      description: ok
      content:
        application/json:
          schema:
            $ref: '../schemas/things.yaml#/Thing'
    '400':
      description: bad
      content:
        application/json:
          schema:
            $ref: '../schemas/other.yaml#/Other'
`,
      'schemas/things.yaml': `Part:
  type: string
Thing:
  type: object
  properties:
    part:
      $ref: '#/Part'
    self:
      $ref: '#/Thing'
`,
      'schemas/other.yaml': `Other:
  type: object
`,
    });
    const out = bundleDocument(join(dir, 'root.yaml'), 'note');
    expect(Object.keys(out).slice(0, 3)).toEqual(['openapi', 'x-generated', 'info']);
    expect(out['x-generated']).toBe('note');
    expect(out.paths['/a'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(out.paths['/a'].get.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Other' });
    expect(Object.keys(out.components.schemas)).toEqual(['Other', 'Part', 'Thing']);
    expect(out.components.schemas.Thing.properties).toEqual({
      part: { $ref: '#/components/schemas/Part' },
      self: { $ref: '#/components/schemas/Thing' },
    });
  });

  it.each([
    ['a missing file', { 'root.yaml': ROOT }, /cannot read .*paths\/a\.yaml \(referenced in .*root\.yaml\): ENOENT/],
    ['invalid YAML', { 'root.yaml': ROOT, 'paths/a.yaml': 'get: [unclosed', 'schemas/things.yaml': 'Thing: {}' }, /is not valid YAML/],
    ['a dangling pointer', { 'root.yaml': ROOT, 'paths/a.yaml': 'get: {}', 'schemas/things.yaml': 'Other: {}' }, /redocly bundle .*root\.yaml failed \(exit 1\):[\s\S]*Can't resolve \$ref[\s\S]*things\.yaml#\/Thing/],
    ['a remote reference', { 'root.yaml': ROOT.replace('./paths/a.yaml', 'https://example.org/a.yaml') }, /remote reference/],
    ['an unregistered nested reference', {
      'root.yaml': ROOT,
      'paths/a.yaml': "get:\n  parameters:\n    - $ref: '../params/p.yaml#/P'\n",
      'params/p.yaml': 'P: {name: p, in: query}\n',
      'schemas/things.yaml': 'Thing: {}',
    }, /is not registered under the root's components/],
    ['a circular path reference', {
      'root.yaml': ROOT,
      'paths/a.yaml': "get:\n  $ref: './b.yaml'\n",
      'paths/b.yaml': "$ref: './a.yaml#/get'\n",
      'schemas/things.yaml': 'Thing: {}',
    }, /redocly bundle .*root\.yaml failed \(exit 1\):[\s\S]*circular pointer/i],
  ])('fails with a BundleError on %s', (_name, files, message) => {
    const dir = fixture(files);
    let error: unknown;
    try {
      bundleDocument(join(dir, 'root.yaml'), 'n');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(BundleError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses two different targets under one component name', () => {
    const dir = fixture({
      'root.yaml': ROOT,
      'paths/a.yaml': "get:\n  responses:\n    '200':\n      description: ok\n      content:\n        application/json:\n          schema:\n            $ref: '../schemas/y.yaml#/Thing'\n",
      'schemas/things.yaml': 'Thing: {type: object}\n',
      'schemas/y.yaml': 'Thing: {type: string}\n',
    });
    expect(() => bundleDocument(join(dir, 'root.yaml'), 'n')).toThrow(/component name clash: #\/components\/schemas\/Thing/);
  });
});

describe('loadClauses', () => {
  const write = (text: string): string => {
    const dir = fixture({ 'clauses.yaml': text });
    return join(dir, 'clauses.yaml');
  };

  it('keeps the fields of the Clause type and derives source from the section', () => {
    const file = write(`clauses:
  - {id: a.one, kind: clause, level: MUST, section: 'Limits', text: t, checks: [c.one]}
  - {id: a.two, kind: clause, level: SHOULD, section: 'live-service-facts §1.3', text: t, untestable: why}
  - {id: d.one, kind: divergence, section: 'live-service-facts §2.3', text: t, document: x, live: y, resolution: z, extra: ignored}
`);
    expect(loadClauses(file)).toEqual([
      { id: 'a.one', kind: 'clause', level: 'MUST', section: 'Limits', source: 'document', text: 't', checks: ['c.one'] },
      { id: 'a.two', kind: 'clause', level: 'SHOULD', section: 'live-service-facts §1.3', source: 'live-service', text: 't', untestable: 'why' },
      { id: 'd.one', kind: 'divergence', section: 'live-service-facts §2.3', source: 'live-service', text: 't', document: 'x', live: 'y', resolution: 'z' },
    ]);
  });

  it.each([
    ['no list', 'clauses: 3\n', /must hold a list of clauses/],
    ['a bad kind', 'clauses:\n  - {id: a, kind: rule, level: MUST, section: s, text: t}\n', /"kind" must be clause or divergence/],
    ['a bad level', 'clauses:\n  - {id: a, kind: clause, level: MAY, section: s, text: t}\n', /"level" must be MUST or SHOULD/],
    ['a clause without level', 'clauses:\n  - {id: a, kind: clause, section: s, text: t}\n', /needs a "level"/],
    ['an empty text', "clauses:\n  - {id: a, kind: clause, level: MUST, section: s, text: ''}\n", /"text" must be a non-empty string/],
    ['checks that are not strings', 'clauses:\n  - {id: a, kind: clause, level: MUST, section: s, text: t, checks: [1]}\n', /"checks" must be a list of strings/],
    ['a duplicate id', 'clauses:\n  - {id: a, kind: clause, level: MUST, section: s, text: t}\n  - {id: a, kind: clause, level: MUST, section: s, text: t}\n', /duplicate id a/],
  ])('rejects %s', (_name, text, message) => {
    expect(() => loadClauses(write(text))).toThrow(message);
  });
});

describe('generated files', () => {
  it('are byte-identical to a fresh bundle, and bundling twice gives the same bytes', () => {
    const first = generate() as { path: string; content: string }[];
    const second = generate() as { path: string; content: string }[];
    expect(first.map((f) => f.path)).toEqual([specFiles.openapiJson, specFiles.asyncapiJson, specFiles.clausesJson]);
    for (const [i, file] of first.entries()) {
      expect(second[i].content).toBe(file.content);
      expect(readFileSync(file.path, 'utf8'), `${file.path} is stale: run pnpm --filter @crosschain/specs generate`).toBe(file.content);
      expect(file.content.endsWith('}\n')).toBe(true);
      expect(JSON.parse(file.content)['x-generated']).toMatch(/^Generated by specs\/scripts\/bundle\.mjs/);
    }
  });

  it('bundle the AsyncAPI document with the shared event schemas as internal components', () => {
    const text = readFileSync(specFiles.asyncapiJson, 'utf8');
    expect(text).not.toMatch(/"\$ref": "[^#]/);
    const schemas = (asyncapi.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of ['WsConnectionReady', 'WsRequestStatusUpdated', 'WebhookRequestStatusUpdated', 'WebhookSignatureHeaders']) {
      expect(schemas, name).toHaveProperty(name);
      // The same definition as in the OpenAPI bundle: one source for both documents.
      expect(schemas[name]).toEqual((openapi.components as { schemas: Record<string, unknown> }).schemas[name]);
    }
  });
});

describe('package exports', () => {
  it('specFiles point at existing files', () => {
    for (const [key, path] of Object.entries(specFiles)) expect(existsSync(path), key).toBe(true);
  });

  it('specHash is the SHA-256 of the three generated files', () => {
    const hash = createHash('sha256');
    for (const path of [specFiles.openapiJson, specFiles.asyncapiJson, specFiles.clausesJson]) hash.update(readFileSync(path));
    expect(specHash).toBe(hash.digest('hex'));
    expect(specHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('clauses mirror clauses.json and every entry has the Clause fields', () => {
    const file = JSON.parse(readFileSync(specFiles.clausesJson, 'utf8')) as { clauses: unknown[] };
    expect(clauses).toEqual(file.clauses);
    expect(clauses.length).toBeGreaterThan(0);
    for (const c of clauses) {
      expect(['clause', 'divergence'], c.id).toContain(c.kind);
      expect(typeof c.section === 'string' && typeof c.source === 'string' && typeof c.text === 'string', c.id).toBe(true);
      if (c.kind === 'clause') expect(['MUST', 'SHOULD'], c.id).toContain(c.level);
    }
  });

  it('openapi and asyncapi are the parsed generated documents', () => {
    expect(openapi).toEqual(JSON.parse(readFileSync(specFiles.openapiJson, 'utf8')));
    expect(asyncapi).toEqual(JSON.parse(readFileSync(specFiles.asyncapiJson, 'utf8')));
    expect(openapi.openapi).toBe('3.1.0');
    expect(String(asyncapi.asyncapi)).toMatch(/^3\./);
  });
});
