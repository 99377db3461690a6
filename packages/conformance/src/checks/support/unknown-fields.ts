/**
 * Unknown response fields: the object keys of a JSON value that the schema does not declare
 * (live-service facts, kit policy: servers add fields over time; `--strict` reports them).
 *
 * The walk follows `$ref` (local pointers), `allOf`, `anyOf`, `oneOf`, `items`/`prefixItems` and
 * OpenAPI 3.0 `nullable`/3.1 `type` lists. It is lenient by construction, so a declared field is never
 * reported: an object's declared keys are the union over every applicable branch, and an object
 * whose schema declares no `properties`, `patternProperties` or `additionalProperties` (a
 * free-form object, e.g. "contents not shown") is open, as is one with `additionalProperties: true`.
 */
import { isObject } from '../../contract/outcome.js';

/** A JSON Schema node as found in the OpenAPI document. */
type SchemaNode = Record<string, unknown>;

const MAX_DEPTH = 64;

/** Resolves a local `#/...` JSON pointer in `doc`. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Whether a schema's `type` (string or list) admits the JSON kind `kind`; no `type` admits all. */
function admits(schema: SchemaNode, kind: 'object' | 'array'): boolean {
  const type = schema.type;
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.includes(kind);
}

/** Whether a schema node itself says which keys an object has. */
function closes(s: SchemaNode): boolean {
  return isObject(s.properties) || isObject(s.patternProperties) || s.additionalProperties === false || isObject(s.additionalProperties);
}

/**
 * The schema nodes that apply to a value of kind `kind`: `$ref` resolved, `allOf` members all
 * included, `anyOf`/`oneOf` branches that admit the kind included (union, hence lenient). `open`
 * is set when a branch admitting the kind leaves the object free-form while the node around it does
 * not close it (a free-form alternative admits any key).
 */
function views(doc: unknown, schemas: readonly unknown[], kind: 'object' | 'array', depth = 0): { nodes: SchemaNode[]; open: boolean } {
  const nodes: SchemaNode[] = [];
  let open = false;
  for (const s of schemas) {
    if (!isObject(s) || depth > MAX_DEPTH) continue;
    if (typeof s.$ref === 'string') {
      const target = views(doc, [resolvePointer(doc, s.$ref)], kind, depth + 1);
      nodes.push(...target.nodes);
      open ||= target.open;
      // OpenAPI 3.1 allows siblings of $ref: they are read below too.
    }
    if (!admits(s, kind)) continue;
    nodes.push(s);
    const own: SchemaNode[] = [s];
    if (Array.isArray(s.allOf)) {
      const members = views(doc, s.allOf, kind, depth + 1);
      nodes.push(...members.nodes);
      own.push(...members.nodes);
      open ||= members.open;
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = s[key];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) {
        const alt = views(doc, [branch], kind, depth + 1);
        if (alt.nodes.length === 0) continue;
        nodes.push(...alt.nodes);
        if (alt.open || (!alt.nodes.some(closes) && !own.some(closes))) open = true;
      }
    }
  }
  return { nodes, open };
}

/** Adds the unknown field paths of `value` against `schemas` to `found` (path -> first value path). */
function walk(doc: unknown, schemas: readonly unknown[], value: unknown, path: string, found: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const vs = views(doc, schemas, 'array').nodes;
    if (vs.length === 0) return;
    value.forEach((item, i) => {
      const itemSchemas: unknown[] = [];
      for (const v of vs) {
        const prefix = Array.isArray(v.prefixItems) ? v.prefixItems : undefined;
        if (prefix && i < prefix.length) itemSchemas.push(prefix[i]);
        else if (isObject(v.items)) itemSchemas.push(v.items);
      }
      if (itemSchemas.length > 0) walk(doc, itemSchemas, item, `${path}[]`, found, depth + 1);
    });
    return;
  }
  if (!isObject(value)) return;
  const { nodes: vs, open: openAlternative } = views(doc, schemas, 'object');
  if (vs.length === 0) return;
  const declared = new Map<string, unknown[]>();
  const patterns: Array<[RegExp, unknown]> = [];
  const additional: unknown[] = [];
  let closedByAnyView = false;
  let openExplicitly = openAlternative;
  for (const v of vs) {
    if (isObject(v.properties)) {
      closedByAnyView = true;
      for (const [k, s] of Object.entries(v.properties)) declared.set(k, [...(declared.get(k) ?? []), s]);
    }
    if (isObject(v.patternProperties)) {
      closedByAnyView = true;
      for (const [p, s] of Object.entries(v.patternProperties)) {
        try {
          patterns.push([new RegExp(p, 'u'), s]);
        } catch {
          openExplicitly = true;
        }
      }
    }
    if (v.additionalProperties === true) openExplicitly = true;
    else if (v.additionalProperties === false) closedByAnyView = true;
    else if (isObject(v.additionalProperties)) {
      closedByAnyView = true;
      additional.push(v.additionalProperties);
    }
  }
  const open = openExplicitly || !closedByAnyView;
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const childSchemas = [...(declared.get(key) ?? []), ...patterns.filter(([re]) => re.test(key)).map(([, s]) => s)];
    if (childSchemas.length === 0 && additional.length > 0) {
      walk(doc, additional, child, `${path}/*`, found, depth + 1);
    } else if (childSchemas.length > 0) {
      walk(doc, childSchemas, child, childPath, found, depth + 1);
    } else if (!open) {
      found.add(childPath);
    }
  }
}

/**
 * The unknown field paths of `value` against `schema` (a schema node or `{ $ref }` into `doc`), as
 * JSON-pointer-like paths under `prefix`, with `[]` for any array item and `*` for any map key, so
 * that one unknown field of every record is one path. Sorted, without duplicates.
 */
export function unknownFieldPaths(doc: unknown, schema: unknown, value: unknown, prefix = ''): string[] {
  const found = new Set<string>();
  walk(doc, [schema], value, prefix, found, 0);
  return [...found].sort();
}
