/**
 * The list wrapper of GET /requests/v3 and GET /requests/v2. The API document names no wrapper field
 * beyond `total` ("the wrapper field names are not further specified beyond `total`"; pagination:
 * the cursor's field name is "not shown"); `requests` and `continuation` come only from the live
 * service (live-service facts §1.3, §2.3), SHOULD. One detection, used by discovery, the paging
 * helpers and the schema checks.
 */
import type { Exchange, ListWrapper, SchemaError } from './types.js';
import type { ResponseValidator } from './validator.js';

/** The list operations (their 200 is a wrapper of request records). */
export const LIST_OPERATIONS: readonly string[] = ['GET /requests/v3', 'GET /requests/v2'];

/** The live service's wrapper field names (live-service facts §1.3), SHOULD. */
export const LIST_FIELD = 'requests';
export const CURSOR_FIELD = 'continuation';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The top-level field holding the records: `requests` when it is an array, else the wrapper's only array field. */
export function listFieldOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  if (Array.isArray(body[LIST_FIELD])) return LIST_FIELD;
  const arrays = Object.keys(body).filter((k) => Array.isArray(body[k]));
  return arrays.length === 1 ? arrays[0] : undefined;
}

/**
 * The records of a list body: the array under {@link listFieldOf}, or a bare array; undefined when
 * there is no such array or one of its elements is not an object.
 */
export function recordsOfBody(body: unknown): JsonObject[] | undefined {
  const list = Array.isArray(body) ? body : isObject(body) ? body[listFieldOf(body) ?? ''] : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.every(isObject) ? (list as JsonObject[]) : undefined;
}

/**
 * Wrapper fields the API document itself states, by list operation: v3 "a list of request records
 * with optional `total`"; v2 "a top-level `deprecation` object". Every other wrapper field is named
 * only by the live service (SHOULD).
 */
export const DOCUMENT_WRAPPER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'GET /requests/v3': ['total'],
  'GET /requests/v2': ['deprecation'],
};

/** A cursor value: a non-empty string, or a finite number (sent back as its decimal text); else none. */
export function cursorValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/**
 * The cursor of a list body under the walk's cursor field (`continuation` unless the target was
 * seen to use another, see {@link guessCursorField}). The field absent, null or empty means the last
 * page; other wrapper fields, of any type, never count as a cursor.
 */
export function cursorOfBody(body: unknown, field: string = CURSOR_FIELD): { value: string; field: string } | undefined {
  if (!isObject(body)) return undefined;
  const value = cursorValue(body[field]);
  return value === undefined ? undefined : { value, field };
}

/**
 * The cursor field of a page known to be followed by more records (its total exceeds its records):
 * `continuation` when the key is there, else the wrapper's only non-empty string field besides the
 * records. Learnt once (discovery) and kept for every walk: guessing page by page would take an
 * extra string field of a last page for a cursor.
 */
export function guessCursorField(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  if (CURSOR_FIELD in body) return CURSOR_FIELD;
  const list = listFieldOf(body);
  const strings = Object.keys(body).filter((k) => k !== list && typeof body[k] === 'string' && body[k] !== '');
  return strings.length === 1 ? strings[0] : undefined;
}

/**
 * Splits the schema errors of a list 200: those about the records, the document's own wrapper
 * fields ({@link DOCUMENT_WRAPPER_FIELDS}) or the body as a whole stay with the MUST verdict; those
 * about a wrapper field only the live service names (`continuation`, ...) go to the SHOULD one.
 */
export function splitWrapperErrors(operation: string, errors: readonly SchemaError[], listField: string): { document: SchemaError[]; liveService: SchemaError[] } {
  const stated = new Set([listField, LIST_FIELD, ...(DOCUMENT_WRAPPER_FIELDS[operation] ?? [])]);
  const document: SchemaError[] = [];
  const liveService: SchemaError[] = [];
  for (const e of errors) {
    const top = e.instancePath.split('/')[1];
    if (top !== undefined && !stated.has(top.replace(/~1/g, '/').replace(/~0/g, '~'))) liveService.push(e);
    else document.push(e);
  }
  return { document, liveService };
}

/** What validates a response: the engine's {@link ResponseValidator}, or a stand-in with its `validate`. */
export type ListValidator = Pick<ResponseValidator, 'validate'>;

/** `/requests…` instance paths renamed to the field the records really sit under. */
function renamePaths(errors: readonly SchemaError[], field: string): SchemaError[] {
  const pointer = `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return errors.map((e) =>
    e.instancePath === `/${LIST_FIELD}` || e.instancePath.startsWith(`/${LIST_FIELD}/`) ? { ...e, instancePath: pointer + e.instancePath.slice(LIST_FIELD.length + 1) } : e,
  );
}

/**
 * Describes the wrapper of a list 200 whose body is still whole (set on `exchange.listWrapper`).
 * When the spec's schema rejected it and the records sit under another field than `requests`, the
 * body is validated again as if that field were named `requests`: the record schemas still apply,
 * only the (SHOULD) field name is set aside. Errors about wrapper fields the document does not name
 * are set aside too (`wrapperErrors`, judged by the SHOULD checks): see {@link splitWrapperErrors}.
 */
export function annotateListWrapper(exchange: Exchange, validator?: ListValidator, cursorField: string = CURSOR_FIELD): void {
  const r = exchange.response;
  if (exchange.listWrapper || !exchange.operation || !LIST_OPERATIONS.includes(exchange.operation)) return;
  if (!r || r.status !== 200 || r.truncated || r.json === undefined) return;
  const body = r.json;
  const listField = listFieldOf(body);
  const cursor = cursorOfBody(body, cursorField)?.field;
  const wrapper: ListWrapper = { ...(listField !== undefined ? { listField } : {}), ...(cursor !== undefined ? { cursorField: cursor } : {}) };
  if (validator && exchange.schema && !exchange.schema.valid && listField !== undefined && listField !== LIST_FIELD && isObject(body)) {
    const { [listField]: list, ...rest } = body;
    const verdict = validator.validate(exchange.operation, r.status, r.headers['content-type'], r.bodyText, { ...rest, [LIST_FIELD]: list }, true);
    if (verdict) wrapper.schema = { ...verdict, errors: renamePaths(verdict.errors, listField) };
  }
  const verdict = wrapper.schema ?? exchange.schema;
  if (verdict && !verdict.valid && listField !== undefined) {
    const { document, liveService } = splitWrapperErrors(exchange.operation, verdict.errors, listField);
    if (liveService.length > 0) {
      wrapper.schema = { ...verdict, valid: document.length === 0, errors: document };
      wrapper.wrapperErrors = liveService;
    }
  }
  exchange.listWrapper = wrapper;
}

/**
 * Annotates the exchanges recorded from index `from` on (see {@link annotateListWrapper}) and returns
 * the index to start from next time. The engine calls it before it compacts bodies.
 */
export function annotateListWrappers(exchanges: readonly Exchange[], from: number, validator?: ListValidator, cursorField?: string): number {
  for (let i = from; i < exchanges.length; i += 1) annotateListWrapper(exchanges[i]!, validator, cursorField);
  return exchanges.length;
}

type Verdict = NonNullable<Exchange['schema']>;

/**
 * The verdict a check holds an exchange to: the spec's, except for a list 200 whose records sit
 * under another field than `requests`, judged by its records (`listWrapper.schema`).
 */
export function effectiveVerdict(exchange: Exchange): Verdict | undefined {
  const renamed = exchange.listWrapper?.schema;
  return exchange.schema && !exchange.schema.valid && renamed ? renamed : exchange.schema;
}
