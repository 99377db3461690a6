/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) of a run's exchanges (`--record`). The
 * exchanges come from the engine's HTTP client, which already redacted every
 * key; {@link HarWriter} streams them to the file as they settle (before the engine compacts the
 * bodies), so memory stays bounded whatever the run's length.
 *
 * API (also for readers such as an `audit` command): {@link harEntry} maps one exchange to a HAR
 * entry; {@link HarWriter.open} / `add` / `close` write a file; the audit's reader (`src/passive/har.ts` `readHar`) reads one back.
 * A request that got no answer has `response.status` 0 and the cause in `response._error`.
 *
 * A path ending `.gz` (`--record run.har.gz`) is written gzip-compressed (a run's HAR
 * was 50 MB, its pages asked again and again; gzip takes it to a few percent), in members of
 * {@link GZIP_MEMBER_BYTES} so memory stays bounded; {@link readHarText} reads either kind back.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Entry, Header } from 'har-format';
import type { Exchange } from '../contract/types.js';
import type { WsFrame, WsTranscript } from '../contract/websocket.js';

export type { WsFrame, WsTranscript } from '../contract/websocket.js';

export type { Entry as HarEntry, Har } from 'har-format';

/** The field of a HAR `log` that describes the kit's run that wrote it. */
export const RECORDED_RUN_FIELD = '_conformanceRun';

function headerList(headers: Record<string, string>): Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function queryOf(url: string): Array<{ name: string; value: string }> {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/**
 * What the kit's own recording adds to an entry, so that `audit` can answer the run's checks from it
 * again (rejudge/): the check that sent it (absent for discovery and reads shared between checks)
 * and the key it was sent with, by role (`primary`, `other`, `inactive`, `none`, `given`), since the
 * key itself is redacted.
 */
export interface EntryOrigin {
  check?: string | undefined;
  auth?: string | undefined;
}

/** One exchange as a HAR entry (bodies as recorded: redacted, whole until the engine compacts them). */
export function harEntry(exchange: Exchange, origin: EntryOrigin = {}): Entry {
  const req = exchange.request;
  const resp = exchange.response;
  const mimeType = resp?.headers['content-type'] ?? 'application/octet-stream';
  const entry: Entry & { _operation?: string; _seq: number; _check?: string; _auth?: string } = {
    startedDateTime: exchange.startedAt ?? new Date(0).toISOString(),
    time: exchange.durationMs,
    request: {
      method: req.method,
      url: req.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(req.headers),
      queryString: queryOf(req.url),
      ...(req.body !== undefined ? { postData: { mimeType: req.headers['content-type'] ?? 'application/json', text: req.body } } : {}),
      headersSize: -1,
      bodySize: req.body !== undefined ? Buffer.byteLength(req.body) : 0,
    },
    response: {
      status: resp?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(resp?.headers ?? {}),
      content: { size: resp ? Buffer.byteLength(resp.bodyText) : 0, mimeType, text: resp?.bodyText ?? '' },
      redirectURL: resp?.headers.location ?? '',
      headersSize: -1,
      bodySize: resp ? Buffer.byteLength(resp.bodyText) : -1,
      ...(exchange.transportError !== undefined ? { _error: exchange.transportError } : {}),
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    _seq: exchange.seq,
    ...(exchange.operation !== undefined ? { _operation: exchange.operation } : {}),
    ...(origin.check !== undefined ? { _check: origin.check } : {}),
    ...(origin.auth !== undefined ? { _auth: origin.auth } : {}),
  };
  return entry;
}

/** The upgrade request the kit sends, as a recording shows it (no key: it travels in the URL, redacted). */
const UPGRADE_HEADERS: Record<string, string> = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' };

/** A websocket conversation as a HAR entry, as Chrome writes one: the upgrade, `_resourceType` websocket, `_webSocketMessages`. */
export function webSocketEntry(t: WsTranscript): Entry {
  const entry: Entry & { _resourceType: string; _webSocketMessages: WsFrame[] } = {
    startedDateTime: new Date(t.startedAt).toISOString(),
    time: t.durationMs,
    request: { method: 'GET', url: t.url, httpVersion: 'HTTP/1.1', cookies: [], headers: headerList(UPGRADE_HEADERS), queryString: queryOf(t.url), headersSize: -1, bodySize: 0 },
    response: {
      status: t.status,
      statusText: t.status === 101 ? 'Switching Protocols' : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(t.responseHeaders),
      content: { size: 0, mimeType: 'x-unknown', text: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
      ...(t.error !== undefined ? { _error: t.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: t.durationMs, receive: 0 },
    _resourceType: 'websocket',
    _webSocketMessages: t.frames,
  };
  return entry;
}

/** The `log.creator` of the kit's HAR files. */
export interface HarCreator {
  name: string;
  version: string;
}

/** Uncompressed bytes gathered before a gzip member is written (a `.gz` recording). */
export const GZIP_MEMBER_BYTES = 4 * 1024 * 1024;

/** Streams HAR entries to a file: the head on open, one entry per `add`, the tail on `close`. */
export class HarWriter {
  private count = 0;
  private closed = false;
  /** A `.gz` recording: text waiting for its gzip member. */
  private pending: string[] = [];
  private pendingChars = 0;
  private constructor(
    private readonly fd: number,
    /** Where the file is. */
    readonly path: string,
    private readonly gzip: boolean,
  ) {}

  /** Creates (or truncates) the file and writes the HAR head (gzip-compressed when the path ends `.gz`); throws the file system's error. */
  static open(path: string, creator: HarCreator): HarWriter {
    // The folder is made when missing (`--report-dir r --record r/run.har` on a fresh checkout).
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'w');
    const writer = new HarWriter(fd, path, path.endsWith('.gz'));
    writer.write(`{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[\n`);
    return writer;
  }

  /** Appends one exchange. */
  add(exchange: Exchange, origin?: EntryOrigin): void {
    if (this.closed) return;
    this.write(`${this.count > 0 ? ',\n' : ''}${JSON.stringify(harEntry(exchange, origin))}`);
    this.count += 1;
  }

  /** Appends one websocket conversation (its frames already redacted). */
  addWebSocket(transcript: WsTranscript): void {
    if (this.closed) return;
    this.write(`${this.count > 0 ? ',\n' : ''}${JSON.stringify(webSocketEntry(transcript))}`);
    this.count += 1;
  }

  private write(text: string): void {
    if (!this.gzip) return void writeSync(this.fd, text);
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= GZIP_MEMBER_BYTES) this.flush();
  }

  /** Writes the pending text as one gzip member (gzip readers read concatenated members as one stream). */
  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, gzipSync(Buffer.from(this.pending.join(''), 'utf8')));
    this.pending = [];
    this.pendingChars = 0;
  }

  /** Entries written so far. */
  get entries(): number {
    return this.count;
  }

  /**
   * Writes the tail and closes the file (idempotent); `run`, when given, is written as the log's
   * `_conformanceRun` (the run's seed, options and target, har/recorded-run.ts).
   */
  close(run?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.write(`\n]${run !== undefined ? `,"${RECORDED_RUN_FIELD}":${JSON.stringify(run)}` : ''}}}\n`);
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }
}

/**
 * A recording's text, gunzipped when it is gzip (by its magic bytes, whatever its name); throws a
 * RangeError when the text would pass `maxBytes` (a bound on what a small `.gz` inflates to).
 */
export async function readHarText(path: string, maxBytes: number): Promise<string> {
  const bytes = await readFile(path);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes + 1 }).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new RangeError(`${path} inflates to more than ${maxBytes} bytes`);
    throw err;
  }
}
