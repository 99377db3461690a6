/** Redaction of the configuration before it is printed or stored (house-style: never print a key). */
import { FIELD_BY_KEY } from './fields.js';
import type { ConformanceConfig } from './fields.js';
import { REDACTED } from '../contract/redact.js';

/** The configuration as printed and stored: secrets replaced by `<redacted>`. */
export function redactConfig(config: ConformanceConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) {
    if (v === undefined) continue;
    const field = FIELD_BY_KEY.get(k as keyof ConformanceConfig);
    if (k === 'headers') {
      if (Array.isArray(v) && v.length > 0) out[k] = Object.keys(headerRecord(v as string[])).map((name) => `${name}: ${REDACTED}`);
      continue;
    }
    out[k] = field?.secret ? REDACTED : v;
  }
  return out;
}

/** The secrets of a configuration (for redaction of any text the kit emits): the keys and the `-H` values. */
export function secretsOf(config: Pick<ConformanceConfig, 'apiKey' | 'otherApiKey' | 'inactiveApiKey'> & Partial<Pick<ConformanceConfig, 'headers'>>): string[] {
  const headerValues = Object.values(headerRecord(config.headers));
  return [config.apiKey, config.otherApiKey, config.inactiveApiKey, ...headerValues].filter((s): s is string => typeof s === 'string' && s !== '');
}

/** The `-H 'name: value'` lines as a header record (a repeated name: the last one). */
export function headerRecord(lines: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines ?? []) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}
