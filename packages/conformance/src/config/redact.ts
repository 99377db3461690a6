/** Redaction of the configuration before it is printed or stored (house-style: never print a key). */
import { FIELD_BY_KEY } from './fields.js';
import type { ConformanceConfig } from './fields.js';
import { REDACTED } from '../engine/redact.js';

/** The configuration as printed and stored: secrets replaced by `<redacted>`. */
export function redactConfig(config: ConformanceConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) {
    if (v === undefined) continue;
    const field = FIELD_BY_KEY.get(k as keyof ConformanceConfig);
    out[k] = field?.secret ? REDACTED : v;
  }
  return out;
}

/** The secrets of a configuration (for redaction of any text the kit emits). */
export function secretsOf(config: Pick<ConformanceConfig, 'apiKey' | 'otherApiKey' | 'inactiveApiKey'>): string[] {
  return [config.apiKey, config.otherApiKey, config.inactiveApiKey].filter((s): s is string => typeof s === 'string' && s !== '');
}
