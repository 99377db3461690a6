/**
 * Validation of option values: each value of each source is parsed by the kind of its option, or
 * refused with a {@link ConfigError} naming the source (flag, env variable or file key), the value
 * (never a secret) and an example (house-style 7).
 */
import { ConfigError, FIELD_BY_KEY, FIELDS } from './fields.js';
import type { ConformanceConfig, FieldSpec, Raw, Source } from './fields.js';
import { REDACTED } from '../engine/redact.js';

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
    case 'url': {
      if (typeof value !== 'string') return bad('an http(s) URL');
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return bad('an absolute http(s) URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') bad('an http(s) URL');
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
