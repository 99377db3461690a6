/**
 * Bundles the hand-authored, multi-file contract into committed, self-contained JSON:
 *   openapi/openapi.yaml   -> generated/openapi.json
 *   asyncapi/asyncapi.yaml -> generated/asyncapi.json   (when present)
 *   clauses.yaml           -> generated/clauses.json    (an empty catalogue while absent)
 *
 * The `$ref`s are resolved by the Redocly CLI (`redocly bundle`, the maintained bundler the lint
 * already uses; byte-stable on unchanged input). It registers a root `components.<type>.<Name>:
 * {$ref: './file.yaml#/Pointer'}` under that name, inlines path items, and names a schema
 * referenced directly (the AsyncAPI document's shared event schemas) after its entry. This script
 * then holds the names stable, because other packages depend on them:
 * - no remote reference (the bundle reads no network), and no `$ref` left to another file;
 * - every component is declared under the root's `components` or is a top-level entry of a file
 *   under a `schemas/` folder; Redocly's renaming of a clash (`Thing-2`) is an error.
 * Component maps are sorted by name, `x-generated` follows the version key, every other key keeps
 * its authored order. Output is 2-space JSON with a trailing newline.
 *
 * Usage: node scripts/bundle.mjs [--check]
 *   --check  writes nothing; exits 1 when a generated file differs from what would be written.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const generatedDir = resolve(specsDir, 'generated');
const REDOCLY = resolve(specsDir, 'node_modules/.bin/redocly');

export class BundleError extends Error {}

const rel = (file) => relative(specsDir, file).split(sep).join('/');

function readYaml(file) {
  try {
    return parse(readFileSync(file, 'utf8'), { uniqueKeys: true, maxAliasCount: 100 });
  } catch (err) {
    throw new BundleError(`${rel(file)} is not valid YAML: ${err.message}`);
  }
}

function sortKeys(obj) {
  return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k]]));
}

/** Every `$ref` value in a parsed document. */
function* refsOf(node) {
  if (Array.isArray(node)) for (const item of node) yield* refsOf(item);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield value;
      else yield* refsOf(value);
    }
  }
}

/**
 * The root and every file it reaches through `$ref`s (only the file part is followed here; Redocly
 * resolves the pointers). A remote reference is refused: the bundle reads no network.
 */
function sourceFiles(rootFile) {
  const seen = new Set([rootFile]);
  const queue = [rootFile];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const ref of refsOf(readYaml(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) throw new BundleError(`remote reference "${ref}" in ${rel(file)}: copy the definition into the repository`);
      const path = ref.split('#')[0];
      if (path === '') continue;
      const target = resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) throw new BundleError(`cannot read ${rel(target)} (referenced in ${rel(file)}): ENOENT`);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

/** Runs `redocly bundle` on one root file; returns the parsed JSON bundle. */
function redoclyBundle(rootFile) {
  const dir = mkdtempSync(join(tmpdir(), 'specs-bundle-'));
  const out = join(dir, 'bundle.json');
  try {
    const result = spawnSync(REDOCLY, ['bundle', rootFile, '--ext', 'json', '--output', out], {
      encoding: 'utf8',
      cwd: specsDir,
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    if (result.error) throw new BundleError(`cannot run ${rel(REDOCLY)}: ${result.error.message}; run \`pnpm install\``);
    if (result.status !== 0 || !existsSync(out)) {
      // Redocly's problems, without its banners (box-drawing lines) and npm's warnings.
      const detail = `${result.stdout}${result.stderr}`
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\s*[║╔╚]|npm warn/.test(line))
        .slice(-12)
        .join('\n');
      throw new BundleError(`redocly bundle ${rel(rootFile)} failed (exit ${result.status}):\n${detail}`);
    }
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Bundles one root document (OpenAPI or AsyncAPI) with Redocly and checks the names (see above).
 *
 * @throws {BundleError} on invalid input, a remote or unresolved reference, or an unstable name
 */
export function bundleDocument(rootFile, generatedNote) {
  if (!existsSync(rootFile)) throw new BundleError(`cannot read ${rel(rootFile)}: ENOENT`);
  const root = readYaml(rootFile);
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new BundleError(`${rel(rootFile)} must be a mapping`);
  const sources = sourceFiles(rootFile);
  /** `type/Name` pairs a bundle may hold: the root's components, and top-level entries under schemas/. */
  const allowed = new Set();
  for (const [type, entries] of Object.entries(root.components ?? {})) {
    if (entries !== null && typeof entries === 'object') for (const name of Object.keys(entries)) allowed.add(`${type}/${name}`);
  }
  for (const file of sources) {
    const doc = readYaml(file);
    if (file.split(sep).includes('schemas') && doc !== null && typeof doc === 'object') {
      for (const name of Object.keys(doc)) allowed.add(`schemas/${name}`);
    }
  }

  const output = redoclyBundle(rootFile);
  for (const ref of refsOf(output)) {
    if (!ref.startsWith('#')) throw new BundleError(`reference "${ref}" was left unresolved in the bundle of ${rel(rootFile)}`);
  }
  for (const [type, entries] of Object.entries(output.components ?? {})) {
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) continue;
    for (const name of Object.keys(entries)) {
      if (allowed.has(`${type}/${name}`)) continue;
      const clash = /^(.*)-\d+$/.exec(name);
      if (clash && allowed.has(`${type}/${clash[1]}`)) {
        throw new BundleError(`component name clash: #/components/${type}/${clash[1]} names two different definitions (Redocly renamed one ${name}); give them distinct names`);
      }
      throw new BundleError(`#/components/${type}/${name} is not registered under the root's components; add it there so that its name is stable`);
    }
    output.components[type] = sortKeys(entries);
  }

  // `x-generated` right after the version key.
  const [firstKey] = Object.keys(output);
  const ordered = { [firstKey]: output[firstKey], 'x-generated': generatedNote };
  for (const [k, v] of Object.entries(output)) if (k !== firstKey) ordered[k] = v;
  return ordered;
}

const CLAUSE_KINDS = new Set(['clause', 'divergence']);
const CLAUSE_LEVELS = new Set(['MUST', 'SHOULD']);
const CLAUSE_STRINGS = ['untestable', 'document', 'live', 'resolution', 'source'];

/**
 * Reads and checks the clause catalogue (`{clauses: [...]}` or a bare list). `source` is derived
 * from `section` when an entry does not give it: `live-service` for live-service-facts sections,
 * `document` otherwise.
 */
export function loadClauses(file) {
  const doc = readYaml(file);
  const list = Array.isArray(doc) ? doc : doc?.clauses;
  if (!Array.isArray(list)) throw new BundleError(`${rel(file)} must hold a list of clauses under "clauses"`);
  const seen = new Set();
  return list.map((entry, i) => {
    const at = `${rel(file)} entry ${i}${entry && typeof entry.id === 'string' ? ` (${entry.id})` : ''}`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw new BundleError(`${at} must be a mapping`);
    for (const field of ['id', 'section', 'text']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') throw new BundleError(`${at}: "${field}" must be a non-empty string`);
    }
    if (!CLAUSE_KINDS.has(entry.kind)) throw new BundleError(`${at}: "kind" must be clause or divergence, got ${JSON.stringify(entry.kind)}`);
    if (entry.level !== undefined && !CLAUSE_LEVELS.has(entry.level)) throw new BundleError(`${at}: "level" must be MUST or SHOULD, got ${JSON.stringify(entry.level)}`);
    if (entry.kind === 'clause' && entry.level === undefined) throw new BundleError(`${at}: a clause needs a "level"`);
    if (entry.checks !== undefined && (!Array.isArray(entry.checks) || entry.checks.some((c) => typeof c !== 'string'))) {
      throw new BundleError(`${at}: "checks" must be a list of strings`);
    }
    for (const field of CLAUSE_STRINGS) {
      if (entry[field] !== undefined && typeof entry[field] !== 'string') throw new BundleError(`${at}: "${field}" must be a string`);
    }
    if (seen.has(entry.id)) throw new BundleError(`${at}: duplicate id ${entry.id}`);
    seen.add(entry.id);
    const source = entry.source ?? (/^\s*live-service-facts/.test(entry.section) ? 'live-service' : 'document');
    const clause = { id: entry.id, kind: entry.kind };
    if (entry.level !== undefined) clause.level = entry.level;
    clause.section = entry.section;
    clause.source = source;
    clause.text = entry.text;
    for (const field of ['checks', 'untestable', 'document', 'live', 'resolution']) {
      if (entry[field] !== undefined) clause[field] = entry[field];
    }
    return clause;
  });
}

const note = (from) => `Generated by specs/scripts/bundle.mjs from specs/${from}. Do not edit: change the source and run \`pnpm --filter @crosschain/specs generate\`.`;
const toJson = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** Computes the generated files: `[{ path, content }]`. */
export function generate() {
  const files = [];
  files.push({ path: resolve(generatedDir, 'openapi.json'), content: toJson(bundleDocument(resolve(specsDir, 'openapi/openapi.yaml'), note('openapi/openapi.yaml'))) });
  const asyncapiRoot = resolve(specsDir, 'asyncapi/asyncapi.yaml');
  const asyncapi = existsSync(asyncapiRoot) ? bundleDocument(asyncapiRoot, note('asyncapi/asyncapi.yaml')) : { 'x-generated': note('asyncapi/asyncapi.yaml (absent: empty placeholder)') };
  files.push({ path: resolve(generatedDir, 'asyncapi.json'), content: toJson(asyncapi) });
  const clausesFile = resolve(specsDir, 'clauses.yaml');
  const clauses = existsSync(clausesFile) ? loadClauses(clausesFile) : [];
  files.push({ path: resolve(generatedDir, 'clauses.json'), content: toJson({ 'x-generated': note(existsSync(clausesFile) ? 'clauses.yaml' : 'clauses.yaml (absent: empty catalogue)'), clauses }) });
  return files;
}

function main(argv) {
  const check = argv.includes('--check');
  const unknown = argv.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`unknown argument ${JSON.stringify(unknown[0])}. Usage: node scripts/bundle.mjs [--check]`);
    return 2;
  }
  let files;
  try {
    files = generate();
  } catch (err) {
    if (err instanceof BundleError) {
      console.error(`bundle: ${err.message}`);
      return 1;
    }
    throw err;
  }
  let stale = 0;
  mkdirSync(generatedDir, { recursive: true });
  for (const { path, content } of files) {
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (current === content) continue;
    if (check) {
      console.error(`bundle: ${rel(path)} is out of date; run \`pnpm --filter @crosschain/specs generate\``);
      stale += 1;
    } else {
      writeFileSync(path, content);
      console.log(`bundle: wrote ${rel(path)}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
