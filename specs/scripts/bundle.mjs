#!/usr/bin/env node
/**
 * Bundles the hand-authored, multi-file contract into committed, self-contained JSON:
 *   openapi/openapi.yaml   -> generated/openapi.json
 *   asyncapi/asyncapi.yaml -> generated/asyncapi.json   (when present)
 *   clauses.yaml           -> generated/clauses.json    (an empty catalogue while absent)
 *
 * Resolution rules (deterministic, no network):
 * - A root `components.<type>.<Name>: {$ref: './file.yaml#/Pointer'}` registers the target under
 *   that name; the definition is inlined there and every other reference to the same target
 *   becomes `#/components/<type>/<Name>`.
 * - A reference to a top-level entry of a file under a `schemas/` folder that the root does not
 *   register is registered automatically under `components.schemas.<Entry>` (used by the AsyncAPI
 *   document, which references the shared event schemas directly).
 * - A reference into a `paths/` folder (path items) is inlined.
 * - Anything else is an error: names must be stable because other packages depend on them.
 * Component maps are sorted by name; every other key keeps its authored order. Output is
 * 2-space JSON with a trailing newline, so a re-run on unchanged input is byte-identical.
 *
 * Usage: node scripts/bundle.mjs [--check]
 *   --check  writes nothing; exits 1 when a generated file differs from what would be written.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const generatedDir = resolve(specsDir, 'generated');

export class BundleError extends Error {}

const rel = (file) => relative(specsDir, file).split(sep).join('/');

function loadYaml(file, cache) {
  if (cache.has(file)) return cache.get(file);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new BundleError(`cannot read ${rel(file)}: ${err.code ?? err.message}`);
  }
  let doc;
  try {
    doc = parse(text, { prettyErrors: true, uniqueKeys: true, maxAliasCount: 100 });
  } catch (err) {
    throw new BundleError(`${rel(file)} is not valid YAML: ${err.message}`);
  }
  cache.set(file, doc);
  return doc;
}

function decodePointer(fragment) {
  if (fragment === '' || fragment === '/') return [];
  if (!fragment.startsWith('/')) throw new BundleError(`unsupported JSON pointer "#${fragment}" (must start with "/")`);
  return fragment
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getPointer(doc, fragment, where) {
  let node = doc;
  for (const token of decodePointer(fragment)) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token)) {
      throw new BundleError(`reference ${where} does not resolve: no "${token}"`);
    }
    node = node[token];
  }
  return node;
}

function isRefObject(node) {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && typeof node.$ref === 'string';
}

/** Splits a `$ref` into the absolute target file and the fragment (without `#`). */
function splitRef(ref, baseFile) {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) throw new BundleError(`remote reference "${ref}" in ${rel(baseFile)} is not allowed`);
  return { file: filePart === '' ? baseFile : resolve(dirname(baseFile), filePart), fragment, local: filePart === '' };
}

function sortKeys(obj) {
  return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k]]));
}

/**
 * Bundles one root document into a self-contained object.
 * @param {string} rootFile absolute path of the root YAML document
 * @param {string} generatedNote value of the top-level `x-generated` key
 */
export function bundleDocument(rootFile, generatedNote) {
  const cache = new Map();
  const root = loadYaml(rootFile, cache);
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new BundleError(`${rel(rootFile)} must be a mapping`);
  /** `${file}#${fragment}` -> internal ref */
  const registry = new Map();
  /** internal ref -> `${file}#${fragment}`, to detect name clashes */
  const owners = new Map();
  const output = structuredClone(root);
  output.components ??= {};
  const components = root.components ?? {};

  const register = (key, type, name) => {
    const internal = `#/components/${type}/${name}`;
    const owner = owners.get(internal);
    if (owner !== undefined && owner !== key) throw new BundleError(`component name clash: ${internal} is both ${owner} and ${key}`);
    owners.set(internal, key);
    registry.set(key, internal);
    return internal;
  };

  // Explicit registrations from the root's components section.
  for (const [type, entries] of Object.entries(components)) {
    if (entries === null || typeof entries !== 'object') continue;
    for (const [name, value] of Object.entries(entries)) {
      if (!isRefObject(value)) continue;
      const { file, fragment, local } = splitRef(value.$ref, rootFile);
      if (local) continue;
      register(`${file}#${fragment}`, type, name);
    }
  }

  const pendingAuto = [];
  const stack = [];

  const walk = (node, baseFile) => {
    if (Array.isArray(node)) return node.map((item) => walk(item, baseFile));
    if (node === null || typeof node !== 'object') return node;
    if (isRefObject(node)) {
      const { $ref, ...siblings } = node;
      const walkedSiblings = walk(siblings, baseFile);
      const { file, fragment } = splitRef($ref, baseFile);
      if (file === rootFile) return { $ref: `#${fragment}`, ...walkedSiblings };
      const key = `${file}#${fragment}`;
      const where = `"${$ref}" in ${rel(baseFile)}`;
      let internal = registry.get(key);
      if (internal === undefined) {
        const tokens = decodePointer(fragment);
        const inSchemas = file.split(sep).includes('schemas');
        const inPaths = file.split(sep).includes('paths');
        if (inSchemas && tokens.length === 1) {
          getPointer(loadYaml(file, cache), fragment, where);
          internal = register(key, 'schemas', tokens[0]);
          pendingAuto.push({ file, fragment, name: tokens[0] });
        } else if (inPaths) {
          if (stack.includes(key)) throw new BundleError(`circular reference ${where}`);
          stack.push(key);
          const target = walk(getPointer(loadYaml(file, cache), fragment, where), file);
          stack.pop();
          return { ...target, ...walkedSiblings };
        } else {
          throw new BundleError(`reference ${where} is not registered under the root's components; add it there so that its name is stable`);
        }
      }
      return { $ref: internal, ...walkedSiblings };
    }
    const out = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, baseFile);
    return out;
  };

  // Everything except the component definitions, which are resolved below.
  for (const [k, v] of Object.entries(root)) {
    if (k !== 'components') output[k] = walk(v, rootFile);
  }
  for (const [type, entries] of Object.entries(components)) {
    if (entries === null || typeof entries !== 'object') {
      output.components[type] = entries;
      continue;
    }
    const resolved = {};
    for (const [name, value] of Object.entries(entries)) {
      const ref = isRefObject(value) ? splitRef(value.$ref, rootFile) : undefined;
      if (ref && !ref.local) {
        const { $ref, ...siblings } = value;
        const target = getPointer(loadYaml(ref.file, cache), ref.fragment, `"${$ref}" in ${rel(rootFile)}`);
        resolved[name] = { ...walk(target, ref.file), ...walk(siblings, rootFile) };
      } else {
        resolved[name] = walk(value, rootFile);
      }
    }
    output.components[type] = resolved;
  }
  // Automatically registered schemas (their walk may register more).
  while (pendingAuto.length > 0) {
    const { file, fragment, name } = pendingAuto.shift();
    output.components.schemas ??= {};
    output.components.schemas[name] = walk(getPointer(loadYaml(file, cache), fragment, `#${fragment}`), file);
  }
  for (const type of Object.keys(output.components)) {
    const entries = output.components[type];
    if (entries !== null && typeof entries === 'object' && !Array.isArray(entries)) output.components[type] = sortKeys(entries);
  }
  if (Object.keys(output.components).length === 0) delete output.components;

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
  const doc = loadYaml(file, new Map());
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
