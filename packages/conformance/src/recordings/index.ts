/**
 * Reads the files and folders given to `audit` into named interactions, telling the format from
 * the content: HAR 1.2, Polly.js recordings, Pact (v1-v4), WireMock mappings (a file, or a folder
 * holding `mappings/` and `__files/`), VCR cassettes (vcrpy, Ruby VCR; YAML or JSON), nock
 * definitions (the JSON of `nock.back` and `nock.recorder`). A file that
 * cannot be read or is none of these is a {@link RecordingError} (usage error, exit 2).
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { readHarText } from '../har/har.js';
import { describesRun, kitRecordingOf, type KitRecording } from '../har/recorded-run.js';
import { HarError } from '../passive/har.js';
import { harDocuments, isPolly, readHarInteractions } from './har.js';
import { RecordingError, type Interaction, type RecordingFormat } from './interaction.js';
import { isNock, readNock } from './nock.js';
import { isPact, pactVersion, readPact } from './pact.js';
import { readVcr, vcrInteractions } from './vcr.js';
import { isWireMock, readWireMock, type OperationKey } from './wiremock.js';

export { RecordingError, type Interaction, type RecordingFormat } from './interaction.js';
export type { OperationKey } from './wiremock.js';

/** Files larger than this are refused (bounded memory). */
export const MAX_RECORDING_BYTES = 512 * 1024 * 1024;
/** Files read from one folder at most. */
export const MAX_FOLDER_FILES = 10_000;

const EXPECTED = 'expected a HAR 1.2 file, a Polly.js recording, a Pact file (v1-v4), a WireMock mapping or mappings/ folder, a VCR cassette (vcrpy or Ruby VCR), or nock definitions (nock.back, nock.recorder)';
const RECORDING_EXTENSIONS = new Set(['.json', '.har', '.yaml', '.yml']);

/**
 * A file's recording extension, looking through a trailing `.gz` (`run.har.gz`: `.har`), since the
 * kit writes compressed records (`--record run.har.gz`) and a folder of them is audited as one.
 */
function recordingExt(file: string): string {
  const name = file.toLowerCase();
  return extname(name.endsWith('.gz') ? name.slice(0, -3) : name);
}

/** One file read, and the format it was found to be. */
export interface RecordingFile {
  file: string;
  format: RecordingFormat;
  /** `Pact 3.0.0`, `HAR 1.2`, ... */
  label: string;
  interactions: number;
  /** A HAR file that describes its run (the kit's `--record`, har/recorded-run.ts): the recording, or why it cannot be re-run. */
  kit?: KitRecording | { why: string };
}

export interface Recordings {
  files: RecordingFile[];
  interactions: Interaction[];
  /** Files found in a folder that are not recordings (or cannot be parsed), skipped with the reason. */
  skipped: Array<{ file: string; why: string }>;
}

interface Context {
  cwd: string;
  operations: readonly OperationKey[];
  out: Recordings;
}

function parse(text: string, file: string): unknown {
  const ext = recordingExt(file);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    if (ext === '.har' || ext === '.json') throw new RecordingError(`${file} is not JSON (${(err as Error).message}); ${EXPECTED}`);
  }
  try {
    // yaml-1.1: vcrpy writes bytes as !!binary; Ruby VCR 1.x tags its structs (read as plain maps).
    return parseYaml(text, { schema: 'yaml-1.1', logLevel: 'error', maxAliasCount: 100 }) as unknown;
  } catch (err) {
    throw new RecordingError(`${file} is neither JSON nor YAML (${(err as Error).message.split('\n')[0]}); ${EXPECTED}`);
  }
}

/** The interactions of one file's text, or undefined when it is no recording the audit reads. */
async function interactionsOf(text: string, file: string, path: string, ctx: Context, filesDir?: string): Promise<Omit<RecordingFile, 'file' | 'interactions'> & { list: Interaction[] } | undefined> {
  const doc = parse(text, file);
  const har = harDocuments(doc);
  if (har) {
    const list = har.flatMap((h) => readHarInteractions(h.doc, file, h.key));
    const polly = har.every((h) => isPolly(h.doc));
    // Only a HAR that describes its run is the kit's (a browser's or a proxy's HAR gets no `kit`).
    const kit = polly || !describesRun(doc) ? undefined : kitRecordingOf(doc);
    return { format: polly ? 'polly' : 'har', label: polly ? 'Polly.js recording (HAR 1.2)' : 'HAR 1.2', list, ...(kit ? { kit } : {}) };
  }
  if (isPact(doc)) return { format: 'pact', label: `Pact ${pactVersion(doc)}`, list: readPact(doc, file) };
  const vcr = vcrInteractions(doc);
  if (vcr) return { format: 'vcr', label: `VCR cassette (${Array.isArray(doc) || (typeof doc === 'object' && doc !== null && 'http_interactions' in doc) ? 'Ruby VCR' : 'vcrpy'})`, list: readVcr(vcr, file) };
  if (isNock(doc)) return { format: 'nock', label: 'nock definitions', list: readNock(doc, file) };
  if (isWireMock(doc)) {
    const files = filesDir ?? join(dirname(path), '__files');
    return { format: 'wiremock', label: 'WireMock mapping', list: await readWireMock(doc, file, files, ctx.operations) };
  }
  return undefined;
}

async function readOne(path: string, ctx: Context, inFolder: boolean, filesDir?: string): Promise<void> {
  const file = relative(ctx.cwd, path) || basename(path);
  let text: string;
  try {
    const info = await stat(path);
    if (info.size > MAX_RECORDING_BYTES) throw new RecordingError(`${file} is larger than ${MAX_RECORDING_BYTES} bytes; split the recording`);
    // A gzip file (`--record run.har.gz`) is read inflated, bounded like a plain one.
    text = await readHarText(path, MAX_RECORDING_BYTES).catch((e: unknown) => {
      throw e instanceof RangeError ? new RecordingError(`${file} is larger than ${MAX_RECORDING_BYTES} bytes; split the recording`) : e;
    });
  } catch (err) {
    if (err instanceof RecordingError) throw err;
    throw new RecordingError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let found;
  try {
    found = await interactionsOf(text, file, path, ctx, filesDir);
  } catch (err) {
    const error = err instanceof HarError ? new RecordingError(err.message) : err;
    // In a folder, a file that is not even JSON or YAML (a tsconfig.json with comments) is skipped;
    // one that parses as a recording but is malformed stays an error.
    if (inFolder && error instanceof RecordingError && /is (not JSON|neither JSON nor YAML)/.test(error.message)) {
      ctx.out.skipped.push({ file, why: error.message.replace(`${file} `, '').split('; expected')[0]! });
      return;
    }
    throw error;
  }
  if (!found) {
    if (inFolder) {
      ctx.out.skipped.push({ file, why: 'not a recording the audit reads' });
      return;
    }
    throw new RecordingError(`${file} is not a recording the audit reads: ${EXPECTED}`);
  }
  ctx.out.files.push({ file, format: found.format, label: found.label, interactions: found.list.length, ...(found.kit !== undefined ? { kit: found.kit } : {}) });
  ctx.out.interactions.push(...found.list);
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The recording files of a folder (sorted, recursive); `mappings/` folders are WireMock roots, `__files/` are bodies. */
async function readFolder(path: string, ctx: Context, count: { files: number }): Promise<void> {
  const mappings = basename(path) === 'mappings' ? path : (await isDir(join(path, 'mappings'))) ? join(path, 'mappings') : undefined;
  if (mappings !== undefined) {
    const filesDir = join(dirname(mappings), '__files');
    for (const entry of (await readdir(mappings, { withFileTypes: true, recursive: true })).filter((e) => e.isFile() && extname(e.name).toLowerCase() === '.json').map((e) => join(e.parentPath, e.name)).sort()) {
      if (++count.files > MAX_FOLDER_FILES) throw new RecordingError(`${relative(ctx.cwd, path)} holds more than ${MAX_FOLDER_FILES} files; audit a smaller folder`);
      await readOne(entry, ctx, true, filesDir);
    }
    if (mappings === path) return;
  }
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === '__files' || entry.name === 'mappings' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      await readFolder(full, ctx, count);
    } else if (entry.isFile() && RECORDING_EXTENSIONS.has(recordingExt(entry.name))) {
      if (++count.files > MAX_FOLDER_FILES) throw new RecordingError(`${relative(ctx.cwd, path)} holds more than ${MAX_FOLDER_FILES} files; audit a smaller folder`);
      await readOne(full, ctx, true);
    }
  }
}

/** Reads every file and folder of `paths` (relative to `cwd`). */
export async function readRecordings(paths: readonly string[], cwd: string, operations: readonly OperationKey[]): Promise<Recordings> {
  const ctx: Context = { cwd, operations, out: { files: [], interactions: [], skipped: [] } };
  for (const p of paths) {
    const full = resolve(cwd, p);
    if (await isDir(full)) {
      const before = ctx.out.files.length;
      await readFolder(full, ctx, { files: 0 });
      if (ctx.out.files.length === before) throw new RecordingError(`${p} holds no recording the audit reads (${EXPECTED})`);
    } else {
      await readOne(full, ctx, false);
    }
  }
  return ctx.out;
}
