/**
 * JSON fixture folders judged where they lie (`audit --fixtures`): response bodies kept as files
 * (`test/fixtures/status-v3/*.json`), each mapped to the operation it stands for by a glob
 * (`--fixtures 'test/fixtures/status-v3/*.json=GET /intents/status/v3'`) or by a manifest file
 * (`--fixtures fixtures.manifest.json`, globs relative to the manifest):
 *
 *     { "fixtures": [ { "files": "status-v3/*.json", "operation": "GET /intents/status/v3", "status": 200, "headers": {} } ] }
 *
 * Each file becomes one interaction (recordings/body.ts) judged like a recording. A glob that
 * matches no file, a manifest that cannot be read, an operation the API does not have: a
 * {@link RecordingError} (usage error, exit 2), never an audit of nothing.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ResponseValidator } from '../contract/validator.js';
import { bodyInteraction, parseOperation, type BodyResponse } from './body.js';
import { RecordingError, isObject, quoted, type Interaction } from './interaction.js';
import type { RecordingFile, Recordings } from './index.js';

/** Files one mapping may match at most. */
const MAX_FIXTURE_FILES = 10_000;
/** A fixture larger than this is refused (bounded memory). */
const MAX_FIXTURE_BYTES = 64 * 1024 * 1024;

/** Files matched by a glob to an operation, served with a status and headers. */
export interface FixtureMapping extends BodyResponse {
  /** A file, a folder (its `.json` files, recursively) or a glob (`*`, `**`, `?`, `[...]`, `{a,b}`). */
  files: string;
  /** `GET /intents/status/v3` (a query allowed). */
  operation: string;
  /** The folder `files` is relative to. */
  base: string;
  /** Where the mapping was given (the flag, or the manifest's file), for error messages. */
  from: string;
}

const MAPPING = /^(.+?)=\s*([A-Za-z]+\s+\/\S*)\s*$/;

/**
 * The mappings of `--fixtures` values: `<glob>=<METHOD /path>`, or the path of a manifest file
 * (JSON, `{ "fixtures": [{ "files", "operation", "status"?, "headers"? }] }`).
 */
export async function fixtureMappings(values: readonly string[], cwd: string): Promise<FixtureMapping[]> {
  const out: FixtureMapping[] = [];
  for (const value of values) {
    const m = MAPPING.exec(value);
    if (m) out.push({ files: m[1]!.trim(), operation: m[2]!, base: cwd, from: `--fixtures ${quoted(value)}` });
    else out.push(...(await readManifest(resolve(cwd, value), value)));
  }
  return out;
}

async function readManifest(path: string, shown: string): Promise<FixtureMapping[]> {
  const example = `expected <glob>=<METHOD /path> (e.g. 'test/fixtures/status-v3/*.json=GET /intents/status/v3') or a manifest file {"fixtures":[{"files":"status-v3/*.json","operation":"GET /intents/status/v3"}]}`;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new RecordingError(`--fixtures ${quoted(shown)}: cannot read it as a manifest (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); ${example}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new RecordingError(`--fixtures ${quoted(shown)}: the manifest is not JSON (${(err as Error).message}); ${example}`);
  }
  const list = isObject(doc) ? doc.fixtures : undefined;
  if (!Array.isArray(list) || list.length === 0) throw new RecordingError(`--fixtures ${quoted(shown)}: the manifest has no "fixtures" list; ${example}`);
  return list.map((entry, i): FixtureMapping => {
    const where = `${shown} fixtures[${i}]`;
    if (!isObject(entry) || typeof entry.files !== 'string' || entry.files === '' || typeof entry.operation !== 'string') throw new RecordingError(`${where}: needs "files" (a glob) and "operation" (e.g. "GET /intents/status/v3"), as strings`);
    if (entry.status !== undefined && typeof entry.status !== 'number') throw new RecordingError(`${where}: "status" must be a number`);
    if (entry.headers !== undefined && (!isObject(entry.headers) || Object.values(entry.headers).some((v) => typeof v !== 'string'))) throw new RecordingError(`${where}: "headers" must be an object of strings`);
    return {
      files: entry.files,
      operation: entry.operation,
      base: dirname(path),
      from: where,
      ...(entry.status !== undefined ? { status: entry.status } : {}),
      ...(entry.headers !== undefined ? { headers: entry.headers as Record<string, string> } : {}),
    };
  });
}

const GLOB_CHARS = /[*?[{]/;

/** The regular expression of a glob over `/`-separated paths: `**` any folders, `*` and `?` within one name, `[...]`, `{a,b}`. */
export function globPattern(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        re += `[${glob.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      braces += 1;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const toPosix = (p: string): string => p.split(sep).join('/');

/** The files under `dir` (recursively; no `node_modules` or dot folders), as paths relative to `root`. */
async function walk(dir: string, root: string, out: string[], limit: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) await walk(full, root, out, limit);
    } else if (e.isFile()) {
      out.push(toPosix(relative(root, full)));
      if (out.length > MAX_FIXTURE_FILES * 10) throw new RecordingError(`${limit}: the folder holds too many files to search; give a narrower glob`);
    }
  }
}

/** The files a mapping names, sorted, as absolute paths. */
async function matchFiles(m: FixtureMapping): Promise<string[]> {
  const pattern = toPosix(m.files);
  const root = isAbsolute(m.files) ? '/' : m.base;
  const full = resolve(m.base, m.files);
  if (!GLOB_CHARS.test(pattern)) {
    const info = await stat(full).catch(() => undefined);
    if (info?.isFile()) return [full];
    if (!info?.isDirectory()) throw new RecordingError(`${m.from}: ${m.files} is no file or folder`);
    const found: string[] = [];
    await walk(full, full, found, m.from);
    return found.filter((f) => f.toLowerCase().endsWith('.json')).map((f) => join(full, f));
  }
  // Search from the glob's longest folder without a glob character.
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const s of segments.slice(0, -1)) {
    if (GLOB_CHARS.test(s)) break;
    fixed.push(s);
  }
  const start = resolve(root, fixed.join('/') || '.');
  const found: string[] = [];
  await walk(start, root, found, m.from);
  const re = globPattern(toPosix(relative(root, resolve(root, pattern))));
  return found.filter((f) => re.test(f)).map((f) => resolve(root, f));
}

/** Reads the fixtures of `mappings` as interactions, each named `<file> (GET /path)`. */
export async function readFixtures(mappings: readonly FixtureMapping[], cwd: string, validator: ResponseValidator): Promise<Recordings> {
  const out: Recordings = { files: [], interactions: [], skipped: [] };
  for (const m of mappings) {
    let op;
    try {
      op = parseOperation(m.operation, validator);
    } catch (err) {
      throw new RecordingError(`${m.from}: ${(err as Error).message}`);
    }
    const files = await matchFiles(m);
    if (files.length === 0) throw new RecordingError(`${m.from}: ${quoted(m.files)} matches no file (relative to ${relative(cwd, m.base) || '.'})`);
    if (files.length > MAX_FIXTURE_FILES) throw new RecordingError(`${m.from}: ${quoted(m.files)} matches more than ${MAX_FIXTURE_FILES} files; give a narrower glob`);
    for (const path of files) {
      const file = relative(cwd, path) || path;
      const info = await stat(path);
      if (info.size > MAX_FIXTURE_BYTES) throw new RecordingError(`${file} is larger than ${MAX_FIXTURE_BYTES} bytes`);
      const text = await readFile(path, 'utf8');
      const interaction: Interaction = bodyInteraction(`${file} (${op.method} ${op.path}${op.search})`, text.replace(/^\uFEFF/, ''), op, m, 'fixture');
      const entry: RecordingFile = { file, format: 'fixture', label: `fixture body of ${op.operation}`, interactions: 1 };
      out.files.push(entry);
      out.interactions.push(interaction);
    }
  }
  return out;
}
