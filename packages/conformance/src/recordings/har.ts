/**
 * HAR 1.2 files (passive/har.ts) and Polly.js recordings (https://netflix.github.io/pollyjs/#/persisters/fs:
 * a HAR whose `log.creator.name` is `Polly.JS`, in `<recordingsDir>/<name>_<hash>/recording.har`;
 * the local-storage and REST persisters keep `{"<name>_<hash>": {"log": ...}}`). A browser's HAR is
 * live traffic, taken as recorded; a Polly.js recording may have had its key header excluded, so a
 * missing key is taken as sent.
 */
import { harEntries } from '../passive/har.js';
import { isObject, quoted, withAssumedKey, type Interaction } from './interaction.js';

const isHar = (doc: unknown): doc is { log: Record<string, unknown> } => isObject(doc) && isObject(doc.log);

/** Whether a HAR document was written by Polly.js. */
export function isPolly(doc: unknown): boolean {
  return isHar(doc) && ((isObject(doc.log.creator) && doc.log.creator.name === 'Polly.JS') || typeof doc.log._recordingName === 'string');
}

/** The HAR documents of a parsed file: itself, or the recordings of a Polly.js local-storage export. */
export function harDocuments(doc: unknown): Array<{ key?: string; doc: unknown }> | undefined {
  if (isObject(doc) && 'log' in doc) return [{ doc }];
  if (isObject(doc)) {
    const values = Object.entries(doc);
    if (values.length > 0 && values.every(([, v]) => isPolly(v))) return values.map(([key, v]) => ({ key, doc: v }));
  }
  return undefined;
}

/** The entries of one HAR document as interactions; `file` names them. */
export function readHarInteractions(doc: unknown, file: string, key?: string): Interaction[] {
  const polly = isPolly(doc);
  const where = key === undefined ? file : `${file} › ${key}`;
  const recording = polly && isHar(doc) && typeof doc.log._recordingName === 'string' ? ` ${quoted(doc.log._recordingName)}` : '';
  return harEntries(doc, where).map(({ index, exchange }) => {
    const path = exchange.url.split('?')[0];
    const name = `${where} ›${recording} entry ${index + 1} (${exchange.method} ${path})`;
    return polly ? { name, format: 'polly', exchange: { ...exchange, requestHeaders: withAssumedKey(exchange.requestHeaders) } } : { name, format: 'har', exchange };
  });
}
