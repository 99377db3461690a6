/**
 * Validates every response against the bundled OpenAPI 3.1 document with ajv (JSON Schema
 * 2020-12), compiled once. The response schema is picked by operation, then status (exact, then
 * `4XX`, then `default`), then content type (exact, then `type/*`, then `*\/*`). Unknown fields
 * pass: the schemas decide, the kit adds nothing.
 */
import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CodeOptions, ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { withCanonicalFastPath } from './formats.js';
import { DOCUMENT_HASH, SCHEMA_REFS, responseValidators } from './generated/response-validators.js';
import type { SchemaError } from './types.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

/** The parts of an OpenAPI document the validator reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface SchemaVerdict {
  valid: boolean;
  errors: SchemaError[];
  schemaRef?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const DOC_ID = 'openapi.json';
const MAX_ERRORS = 10;
/**
 * Items of each array the all-errors pass reads first: a page of
 * 10,000 invalid records would otherwise build every record's errors at once to report 10. Only
 * when the first items hold no error is the whole body explained.
 */
const EXPLAIN_ITEMS = 100;

/** `json` with every array (to a few levels) cut to its first `items` items; `json` itself when none is longer. */
function headOf(json: unknown, items: number, depth = 3): unknown {
  if (depth === 0 || json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) {
    const kept = json.length > items ? json.slice(0, items) : json;
    const cut = kept.map((v) => headOf(v, items, depth - 1));
    return kept === json && cut.every((v, i) => v === json[i]) ? json : cut;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) {
    out[k] = headOf(v, items, depth - 1);
    if (out[k] !== v) changed = true;
  }
  return changed ? out : json;
}

interface MediaEntry {
  ref: string;
  /**
   * First-error validator (the fast path): for the bundled document, the standalone one generated
   * at build time (standalone-validators.ts); for another, compiled on the first response it
   * applies to (a run meets a handful of a document's responses). Compiling them cost about 0.2 s
   * of CPU per run.
   */
  validate?: ValidateFunction;
  /** All-errors validator, compiled on the first invalid response (for the report). */
  explain?: ValidateFunction;
}

interface ResponseEntry {
  /** JSON pointer of the response object. */
  ref: string;
  /** Media type -> compiled schema; empty when the response declares no content. */
  content: Map<string, MediaEntry | null>;
}

interface OperationEntry {
  key: string;
  method: string;
  pattern: RegExp;
  responses: Map<string, ResponseEntry>;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pathPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/**
 * The ajv the response validators are compiled with, `document` added as `openapi.json`. Valid
 * responses (nearly all) take the first-error validator, about a third faster; an invalid one is
 * validated again with all errors, for the report. `date-time` keeps ajv-formats' full verdicts
 * behind a canonical fast path (formats.ts). `code`: ajv's code options (the standalone module,
 * standalone-validators.ts).
 */
export function responseAjv(document: OpenApiDocument, allErrors: boolean, code?: CodeOptions): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: false, allErrors, validateSchema: false, validateFormats: true, ...(code ? { code } : {}) });
  addFormats(ajv);
  const dateTime = ajv.formats['date-time'];
  if (dateTime && typeof dateTime === 'object' && 'validate' in dateTime && typeof dateTime.validate === 'function') {
    const { validate, compare } = dateTime as { validate: (s: string) => boolean; compare?: (a: string, b: string) => number | undefined };
    ajv.addFormat('date-time', { type: 'string', validate: withCanonicalFastPath(validate), ...(compare ? { compare } : {}) });
  }
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    if (!ajv.formats[name]) ajv.addFormat(name, true);
  }
  ajv.addSchema({ ...document, $id: DOC_ID } as object, DOC_ID);
  return ajv;
}

/** JSON pointers (in `openapi.json`) of the schema of every response media type of `document`, in document order. */
export function responseSchemaRefs(document: OpenApiDocument): string[] {
  return new ResponseValidator(document, { precompiled: false }).schemaRefs();
}

/** A content hash of an OpenAPI document: the standalone validators apply only to the document they were generated from. */
export function documentHash(document: OpenApiDocument): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}

/** Compiled validators of every response of an OpenAPI document. */
export class ResponseValidator {
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private allErrorsAjv?: InstanceType<typeof Ajv2020>;
  private readonly operations: OperationEntry[] = [];

  /** Validators generated at build time for this very document (standalone-validators.ts), by schema pointer. */
  private readonly precompiled?: ReadonlyMap<string, ValidateFunction>;

  /**
   * `precompiled: false` compiles every validator with ajv at run time even for the bundled
   * document (tests comparing the two).
   */
  constructor(
    private readonly document: OpenApiDocument,
    options: { precompiled?: boolean } = {},
  ) {
    this.ajv = responseAjv(document, false);
    if (options.precompiled !== false && documentHash(document) === DOCUMENT_HASH) {
      const generated = responseValidators(this.ajv.formats) as Record<string, ValidateFunction>;
      this.precompiled = new Map(SCHEMA_REFS.map((ref, i) => [ref, generated[`v${i}`]!]));
    }
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const op = item?.[method] as { responses?: Record<string, unknown> } | undefined;
        if (!op || typeof op !== 'object') continue;
        const entry: OperationEntry = {
          key: `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          pattern: pathPattern(template),
          responses: new Map(),
        };
        for (const [status, resp] of Object.entries(op.responses ?? {})) {
          let ref = `#/paths/${escapePointer(template)}/${method}/responses/${escapePointer(status)}`;
          let response = resp as { $ref?: string; content?: Record<string, { schema?: unknown }> } | undefined;
          for (let depth = 0; response?.$ref && depth < 5; depth += 1) {
            ref = response.$ref;
            response = this.resolve(response.$ref) as typeof response;
          }
          const content = new Map<string, MediaEntry | null>();
          for (const [type, media] of Object.entries(response?.content ?? {})) {
            if (media?.schema === undefined) {
              content.set(type.toLowerCase(), null);
              continue;
            }
            content.set(type.toLowerCase(), { ref: `${ref}/content/${escapePointer(type)}/schema` });
          }
          entry.responses.set(status.toUpperCase(), { ref, content });
        }
        this.operations.push(entry);
      }
    }
  }

  private validator(media: MediaEntry): ValidateFunction {
    media.validate ??= this.precompiled?.get(media.ref) ?? this.ajv.compile({ $ref: `${DOC_ID}${media.ref}` });
    return media.validate;
  }

  /** Whether this validator uses the validators generated at build time (the bundled document). */
  get standalone(): boolean {
    return this.precompiled !== undefined;
  }

  /** The schema pointers of every response media type, in document order. */
  schemaRefs(): string[] {
    return this.operations.flatMap((op) => [...op.responses.values()].flatMap((r) => [...r.content.values()].flatMap((m) => (m ? [m.ref] : []))));
  }

  private explainer(media: MediaEntry): ValidateFunction {
    if (!media.explain) {
      this.allErrorsAjv ??= responseAjv(this.document, true);
      media.explain = this.allErrorsAjv.compile({ $ref: `${DOC_ID}${media.ref}` });
    }
    return media.explain;
  }

  /** Resolves a local `#/...` JSON pointer in the document. */
  private resolve(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.document;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
    return node;
  }

  /** The operation key (`METHOD /template`) of a request path relative to the base URL. */
  matchOperation(method: string, path: string): string | undefined {
    const pathname = path.split('?')[0] ?? path;
    const m = method.toUpperCase();
    return this.operations.find((op) => op.method === m && op.pattern.test(pathname))?.key;
  }

  /** Every operation key of the document. */
  operationKeys(): string[] {
    return this.operations.map((op) => op.key);
  }

  /**
   * Validates a response. Undefined when no schema applies (unknown operation, undeclared status,
   * or a declared response without content and an empty body).
   */
  validate(operation: string, status: number, contentType: string | undefined, bodyText: string, json: unknown, isJson: boolean): SchemaVerdict | undefined {
    const op = this.operations.find((o) => o.key === operation);
    if (!op) return undefined;
    const response = op.responses.get(String(status)) ?? op.responses.get(`${Math.floor(status / 100)}XX`) ?? op.responses.get('DEFAULT');
    if (!response) return undefined;
    if (response.content.size === 0) {
      if (bodyText.length === 0) return undefined;
      return { valid: true, errors: [], schemaRef: response.ref };
    }
    const type = mediaType(contentType);
    const media =
      (type !== undefined ? response.content.get(type) : undefined) ??
      (type !== undefined ? response.content.get(`${type.split('/')[0]}/*`) : undefined) ??
      response.content.get('*/*');
    if (media === undefined) {
      return {
        valid: false,
        schemaRef: response.ref,
        errors: [
          {
            instancePath: '',
            schemaPath: `${response.ref}/content`,
            message: `content type ${type ?? '(none)'} is not one of the declared ${[...response.content.keys()].join(', ')}`,
          },
        ],
      };
    }
    if (media === null) return { valid: true, errors: [], schemaRef: response.ref };
    const declaresJson = /json/.test(type ?? '') || [...response.content.keys()].some((k) => /json/.test(k));
    if (declaresJson && !isJson) {
      return { valid: false, schemaRef: media.ref, errors: [{ instancePath: '', schemaPath: media.ref, message: 'the body is not JSON' }] };
    }
    const validate = this.validator(media);
    if (validate(json)) return { valid: true, errors: [], schemaRef: media.ref };
    const explain = this.explainer(media);
    const head = headOf(json, EXPLAIN_ITEMS);
    if (head === json || explain(head) || !explain.errors?.length) explain(json);
    const errors = (explain.errors ?? validate.errors ?? []).slice(0, MAX_ERRORS).map((e) => ({
      instancePath: e.instancePath,
      schemaPath: e.schemaPath,
      message: `${e.message ?? 'invalid'}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
      ...(typeof e.params?.missingProperty === 'string' ? { missingProperty: e.params.missingProperty } : {}),
    }));
    return { valid: false, errors, schemaRef: media.ref };
  }
}

const validators = new WeakMap<object, ResponseValidator>();
/** One compiled validator per spec document, reused by every run of the process. */
export function validatorFor(document: OpenApiDocument): ResponseValidator {
  let v = validators.get(document);
  if (!v) {
    v = new ResponseValidator(document);
    validators.set(document, v);
  }
  return v;
}
