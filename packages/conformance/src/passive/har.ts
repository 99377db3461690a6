/**
 * Reads HTTP Archive 1.2 files (http://www.softwareishard.com/blog/har-12-spec/; the W3C draft
 * "HTTP Archive (HAR) format") into observed exchanges: a browser's export, the kit's `--record`,
 * a proxy's log. Response text may be base64 (`content.encoding`). A file that is not HAR is a
 * {@link HarError} whose message says what is wrong, where, and what is expected.
 */
import type { Entry, Har } from 'har-format';
import type { WsFrame } from '../contract/websocket.js';
import type { ObservedExchange } from '../oracles/observed.js';

/** A HAR file that cannot be read (usage error, exit 2). */
export class HarError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function headersOf(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const h of list) {
    if (!isObject(h) || typeof h.name !== 'string' || typeof h.value !== 'string') continue;
    const k = h.name.toLowerCase();
    if (k.startsWith(':')) continue;
    out[k] = out[k] === undefined ? h.value : `${out[k]}, ${h.value}`;
  }
  return out;
}

/**
 * The frames of a websocket entry (Chrome's `_webSocketMessages`: `type` send or receive, `time`,
 * `opcode`, `data`), in the order recorded; an item of another shape is left out. Undefined for an
 * entry that is no websocket upgrade.
 */
function framesOf(e: Entry & { _webSocketMessages?: unknown; _resourceType?: unknown }): WsFrame[] | undefined {
  const url = typeof e.request?.url === 'string' ? e.request.url : '';
  const messages = e._webSocketMessages;
  if (!Array.isArray(messages) && e._resourceType !== 'websocket' && !/^wss?:/i.test(url)) return undefined;
  const frames: WsFrame[] = [];
  for (const m of Array.isArray(messages) ? messages : []) {
    if (!isObject(m) || (m.type !== 'send' && m.type !== 'receive') || typeof m.data !== 'string') continue;
    frames.push({ type: m.type, time: typeof m.time === 'number' ? m.time : 0, opcode: typeof m.opcode === 'number' ? m.opcode : 1, data: m.data });
  }
  return frames;
}

function entryOf(e: Entry, where: string, at: number): ObservedExchange {
  if (!isObject(e.request) || typeof e.request.method !== 'string' || typeof e.request.url !== 'string') {
    throw new HarError(`${where}: request.method and request.url must be strings (HAR 1.2 entry.request)`);
  }
  if (!isObject(e.response) || typeof e.response.status !== 'number') {
    throw new HarError(`${where}: response.status must be a number (HAR 1.2 entry.response)`);
  }
  const content = isObject(e.response.content) ? e.response.content : undefined;
  const text = typeof content?.text === 'string' ? (content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text) : undefined;
  const post = e.request.postData;
  const frames = framesOf(e);
  return {
    method: e.request.method.toUpperCase(),
    url: e.request.url,
    requestHeaders: headersOf(e.request.headers),
    ...(isObject(post) && typeof post.text === 'string' ? { requestBody: post.text } : {}),
    status: e.response.status,
    responseHeaders: headersOf(e.response.headers),
    ...(text !== undefined ? { bodyText: text } : {}),
    durationMs: typeof e.time === 'number' ? e.time : 0,
    ...(Number.isFinite(at) ? { startedAt: at } : {}),
    ...(frames !== undefined ? { webSocket: { frames } } : {}),
  };
}

/** One entry of a HAR document: its index in `log.entries` and its exchange. */
export interface HarEntry {
  index: number;
  exchange: ObservedExchange;
}

/** The entries of one parsed HAR document (`doc`), in `startedDateTime` order; `name` names it in errors. */
export function harEntries(doc: unknown, name: string): HarEntry[] {
  const log = isObject(doc) ? (doc as unknown as Har).log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries)) {
    throw new HarError(`${name} has no log.entries array; expected a HAR 1.2 file {"log": {"version": "1.2", "entries": [...]}}`);
  }
  const entries = log.entries.map((e, i) => {
    if (!isObject(e)) throw new HarError(`${name}: log.entries[${i}] is not an object`);
    const at = Date.parse(typeof e.startedDateTime === 'string' ? e.startedDateTime : '');
    return { at, index: i, exchange: entryOf(e, `${name}: log.entries[${i}]`, at) };
  });
  entries.sort((a, b) => (Number.isFinite(a.at) && Number.isFinite(b.at) && a.at !== b.at ? a.at - b.at : a.index - b.index));
  return entries.map(({ index, exchange }) => ({ index, exchange }));
}

/** Parses one HAR document; `name` names it in errors. Entries in `startedDateTime` order. */
export function readHar(text: string, name: string): ObservedExchange[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new HarError(`${name} is not JSON (${(err as Error).message}); expected a HAR 1.2 file {"log": {"entries": [...]}}`);
  }
  return harEntries(doc, name).map((e) => e.exchange);
}
