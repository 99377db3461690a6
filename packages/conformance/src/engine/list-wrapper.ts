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
 * The cursor of a list body: `continuation`, or else the wrapper's only non-empty string field.
 * A `continuation` key that holds no cursor (null, empty) means the last page.
 */
export function cursorOfBody(body: unknown): { value: string; field: string } | undefined {
  if (!isObject(body)) return undefined;
  const c = body[CURSOR_FIELD];
  if (typeof c === 'string' && c !== '') return { value: c, field: CURSOR_FIELD };
  if (CURSOR_FIELD in body) return undefined;
  const strings = Object.keys(body).filter((k) => typeof body[k] === 'string' && body[k] !== '');
  return strings.length === 1 ? { value: body[strings[0]!] as string, field: strings[0]! } : undefined;
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
 * only the (SHOULD) field name is set aside.
 */
export function annotateListWrapper(exchange: Exchange, validator?: ListValidator): void {
  const r = exchange.response;
  if (exchange.listWrapper || !exchange.operation || !LIST_OPERATIONS.includes(exchange.operation)) return;
  if (!r || r.status !== 200 || r.truncated || r.json === undefined) return;
  const body = r.json;
  const listField = listFieldOf(body);
  const cursorField = cursorOfBody(body)?.field;
  const wrapper: ListWrapper = { ...(listField !== undefined ? { listField } : {}), ...(cursorField !== undefined ? { cursorField } : {}) };
  if (validator && exchange.schema && !exchange.schema.valid && listField !== undefined && listField !== LIST_FIELD && isObject(body)) {
    const { [listField]: list, ...rest } = body;
    const verdict = validator.validate(exchange.operation, r.status, r.headers['content-type'], r.bodyText, { ...rest, [LIST_FIELD]: list }, true);
    if (verdict) wrapper.schema = { ...verdict, errors: renamePaths(verdict.errors, listField) };
  }
  exchange.listWrapper = wrapper;
}

/**
 * Annotates the exchanges recorded from index `from` on (see {@link annotateListWrapper}) and returns
 * the index to start from next time. The engine calls it before it compacts bodies.
 */
export function annotateListWrappers(exchanges: readonly Exchange[], from: number, validator?: ListValidator): number {
  for (let i = from; i < exchanges.length; i += 1) annotateListWrapper(exchanges[i]!, validator);
  return exchanges.length;
}
