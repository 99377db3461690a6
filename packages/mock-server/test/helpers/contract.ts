/**
 * Test helper: every response a test receives is validated against the contract
 * (`@crosschain/specs` generated/openapi.json) with Ajv 2020 + formats, by operation and status.
 */
import { openapi, schemaVocabulary } from '@crosschain/specs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { expect } from 'vitest';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addVocabulary([...schemaVocabulary]);
ajv.addSchema({ $id: 'openapi.json', components: (openapi as { components: unknown }).components });
const cache = new Map<string, ValidateFunction>();

/** Validator of `#/components/schemas/<name>`. */
export function validator(name: string): ValidateFunction {
  let v = cache.get(name);
  if (!v) {
    v = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
    cache.set(name, v);
  }
  return v;
}

type Paths = Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;

/** Schema name of the response of `method path` with `status` (exact code, `5XX`, then `default`). */
export function responseSchema(method: string, path: string, status: number): string | undefined {
  const op = (openapi.paths as Paths)[path]?.[method.toLowerCase()];
  const responses = op?.responses ?? {};
  const r = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const ref = r?.content?.['application/json']?.schema?.$ref;
  return ref?.split('/').pop();
}

export interface Exchange {
  status: number;
  headers: Headers;
  body: any;
}

/** Calls the server and validates the JSON body against the contract's response schema. */
export async function call(base: string, path: string, init: { method?: string; key?: string; body?: unknown; rawBody?: string } = {}): Promise<Exchange> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (init.key) headers['x-api-key'] = init.key;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  expect(res.headers.get('content-type')).toBe('application/json');
  const json = text === '' ? undefined : JSON.parse(text);
  const opPath = new URL(base + path).pathname;
  const schema = responseSchema(method, opPath, res.status) ?? (res.status >= 400 ? 'ErrorBody' : undefined);
  if (schema && json !== undefined) {
    const v = validator(schema);
    if (!v(json)) throw new Error(`${method} ${path} -> ${res.status}: body does not match ${schema}: ${ajv.errorsText(v.errors)}`);
  }
  if (res.status >= 400) {
    expect(typeof json?.message).toBe('string');
    // The v2 429/410 bodies are `{message, successor, migrationGuide}` (document, Errors); all others `{message, errorCode}`.
    if (schema === 'ErrorBody') expect(typeof json?.errorCode).toBe('string');
  }
  return { status: res.status, headers: res.headers, body: json };
}

/** Builds a query string from an object (arrays/objects in `filters` are JSON-encoded by the caller). */
export function qs(params: Record<string, string | number | boolean | undefined>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
}
