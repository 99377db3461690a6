/**
 * Validation of option values: each value of each source is parsed by the kind of its option, or
 * refused with a {@link ConfigError} naming the source (flag, env variable or file key), the value
 * (never a secret) and an example (house-style 7).
 */
import { ConfigError, FIELD_BY_KEY, FIELDS } from './fields.js';
import type { ConformanceConfig, FieldSpec, Raw, Source } from './fields.js';
import { REDACTED } from '../contract/redact.js';
import { parseWindow } from './window.js';
import { MAX_WORKERS } from './defaults.js';

function where(field: FieldSpec, source: Source, file?: string): string {
  switch (source) {
    case 'flag':
      return field.flag;
    case 'env':
      return field.env;
    case 'file':
      return `${field.key} in ${file ?? 'the config file'}`;
    default:
      return field.key;
  }
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** Parses and validates one value of one field from one source. */
export function coerce(field: FieldSpec, value: unknown, source: Source, file?: string): unknown {
  const name = where(field, source, file);
  const bad = (what: string): never => {
    const shown = field.secret ? REDACTED : show(value);
    throw new ConfigError(`${name} must be ${what}, got ${shown}. Example: ${field.example}`);
  };
  switch (field.kind) {
    case 'string': {
      if (typeof value !== 'string' || value.trim() === '') bad('a non-empty string');
      return value;
    }
    case 'url':
    case 'ws-url': {
      const schemes = field.kind === 'url' ? ['http:', 'https:'] : ['ws:', 'wss:', 'http:', 'https:'];
      const kind = field.kind === 'url' ? 'an http(s)' : 'a ws(s)';
      if (typeof value !== 'string') return bad(`${kind} URL`);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return bad(`${kind.replace(/^an? /, 'an absolute ')} URL`);
      }
      if (!schemes.includes(url.protocol)) bad(`${kind} URL`);
      if (url.search || url.hash) bad('a base URL without query or fragment');
      return value.replace(/\/+$/, '');
    }
    case 'int':
    case 'posint': {
      const min = field.kind === 'posint' ? 1 : (field.min ?? Number.MIN_SAFE_INTEGER);
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < min) {
        bad(field.kind === 'posint' ? 'a positive integer' : min === 0 ? 'a non-negative integer' : 'an integer');
      }
      if (field.key === 'seed' && (n < -(2 ** 31) || n >= 2 ** 32)) bad('a 32-bit integer');
      return n;
    }
    case 'bool': {
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string') {
        const v = value.trim().toLowerCase();
        if (['1', 'true', 'yes', 'on'].includes(v)) return true;
        if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
      }
      return bad('true or false');
    }
    case 'list': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : bad('a list of strings');
      const out: string[] = [];
      for (const item of items) {
        if (typeof item !== 'string') bad('a list of strings');
        for (const part of item.split(',')) if (part.trim() !== '') out.push(part.trim());
      }
      return out;
    }
    case 'enum': {
      if (typeof value !== 'string' || !field.values?.includes(value)) bad(`one of ${field.values?.join(', ')}`);
      return value;
    }
    case 'shard': {
      const m = typeof value === 'string' ? /^(\d+)\/(\d+)$/.exec(value.trim()) : null;
      if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) bad('i/n with 1 <= i <= n');
      return typeof value === 'string' ? value.trim() : value;
    }
    case 'duration': {
      if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : bad('a duration like 90s, 15m or 1h (a number is milliseconds)');
      const ms = typeof value === 'string' ? parseDuration(value) : undefined;
      return ms ?? bad('a duration like 90s, 15m or 1h');
    }
    case 'header': {
      const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\r?\n/) : bad("a list of 'name: value' headers");
      return items.filter((item) => typeof item !== 'string' || item.trim() !== '').map((item) => parseHeader(item) ?? bad("'name: value' with a header name (not x-api-key, host or content-*, use --api-key for the key) and a value"));
    }
    case 'workers': {
      if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return 'auto';
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WORKERS) bad(`auto or an integer from 1 to ${MAX_WORKERS}`);
      return n;
    }
    case 'window': {
      const w = typeof value === 'string' ? parseWindow(value) : undefined;
      if (!w) return bad('<start>..<end> in Unix seconds with start <= end');
      return `${w.start}..${w.end}`;
    }
    case 'iso': {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
        bad('an ISO 8601 date-time with a zone');
      }
      return value;
    }
  }
}

/** Validates a plain options object (library call or config file) into a partial config. */
export function parseOptionsObject(obj: unknown, source: Source, file?: string): Raw {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw new ConfigError(`${file ?? 'the options'} must hold an object of options, got ${show(obj)}. Example: {"baseUrl": "https://staging.example.com", "numRuns": 50}`);
  }
  const out: Raw = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (v === undefined) continue;
    const key = k === 'mockFault' ? 'mockFaults' : k === 'mockVariant' ? 'mockVariants' : k;
    const field = FIELD_BY_KEY.get(key as keyof ConformanceConfig);
    if (!field) {
      const known = FIELDS.map((f) => f.key).join(', ');
      throw new ConfigError(`unknown option ${JSON.stringify(k)} in ${file ?? 'the options'}; known options: ${known}.`);
    }
    out[field.key] = coerce(field, v, source, file);
  }
  return out;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `15m`, `1h`, `1.5h`, `500ms` in milliseconds; undefined when not such a duration. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/i.exec(text);
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * DURATION_UNITS[m[2]!.toLowerCase()]!);
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** A token as RFC 9110 5.1 defines header names. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the kit sets itself: the key has its own option, the rest belong to the transport. */
const RESERVED_HEADERS = /^(x-api-key|host|content-.*|transfer-encoding|connection)$/i;

/** `name: value` normalised to `name: value`, or undefined when it is not a usable extra header. */
export function parseHeader(item: unknown): string | undefined {
  if (typeof item !== 'string') return undefined;
  const at = item.indexOf(':');
  if (at <= 0) return undefined;
  const name = item.slice(0, at).trim();
  const value = item.slice(at + 1).trim();
  if (!HEADER_NAME.test(name) || RESERVED_HEADERS.test(name) || value === '' || /[\r\n\0]/.test(value)) return undefined;
  return `${name}: ${value}`;
}
