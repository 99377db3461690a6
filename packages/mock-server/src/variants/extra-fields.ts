/**
 * Extra fields of every JSON type (variants wrapper-extra-string, wrapper-extra-fields,
 * record-extra-fields, currency-extra-fields, intent-status-extra-fields): the document names the
 * fields a body has, never that no other field may appear.
 */
import type { Variants } from './catalogue.js';

/** One extra field of each JSON type; fresh objects on every call. */
export function extraFields(): Record<string, unknown> {
  return { extString: 'extra', extNumber: 1.5, extBoolean: true, extNull: null, extObject: { note: 'extra', level: 2 }, extArray: [1, 'two', null] };
}

/** Adds {@link extraFields} to `value` and to every object nested in it (arrays walked), in place. */
export function addExtrasDeep(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) addExtrasDeep(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const obj = value as Record<string, unknown>;
  for (const v of Object.values(obj)) addExtrasDeep(v);
  Object.assign(obj, extraFields());
}

/** The extra wrapper fields of a list page (every page, the last one included). */
export function wrapperExtras(variants: Variants): Record<string, unknown> {
  return {
    ...(variants.has('wrapper-extra-string') ? { requestId: 'a3f1c2d4e5b60718' } : {}),
    ...(variants.has('wrapper-extra-fields') ? { ...extraFields(), extString: 'wrapper' } : {}),
  };
}

/** The JSON text to append inside a list wrapper object (`,"k":v` for each extra field). */
export function wrapperExtrasJson(variants: Variants): string {
  return Object.entries(wrapperExtras(variants))
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('');
}

/** The intent status record with extra fields (a live `details` string among them). */
export function intentStatusExtras(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, details: 'extra details', ...extraFields() };
}
