/**
 * Schema checks (phase `final`): every recorded 200 of an operation, validated by the engine's
 * http client with ajv against the OpenAPI document (`exchange.schema`), must be valid. The first
 * invalid exchange is the reproduction.
 *
 * The list wrappers of GET /requests/v3 and /requests/v2 are named only by the live service
 * (`requests`, `continuation`: live facts §1.3); the API document leaves them open beyond `total`.
 * So a list 200 whose records sit under another single array field is judged on its records (MUST),
 * and its field names by the SHOULD checks `*.response.wrapper-fields`.
 */
import { brief, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import { CURSOR_FIELD, LIST_FIELD, effectiveVerdict } from '../contract/list-wrapper.js';
import type { CheckContext, CheckDefinition, CheckResult, Exchange, SchemaError } from '../contract/types.js';
import { pass, skip } from '../contract/outcome.js';
import { schemaMark } from '../contract/fingerprint.js';
import { SCHEMA_CHECK_IDS } from '../oracles/schema-ids.js';
import { ruleOf } from '../oracles/rules.js';


function format(errors: readonly SchemaError[], max: number): string {
  const lines = errors.slice(0, max).map((e) => `${e.instancePath === '' ? '/' : e.instancePath} ${e.message}`);
  if (errors.length > max) lines.push(`… and ${errors.length - max} more`);
  return lines.join('; ');
}

/** Formats ajv errors: `instancePath message` (house style, like ajv). */
export function formatSchemaErrors(exchange: Exchange, max = 5): string {
  return format(exchange.schema?.errors ?? [], max);
}

/** Validates every recorded 200 of `operation`; skipped when none was recorded or none had a schema. */
export async function validateRecorded(ctx: CheckContext, operation: string): Promise<CheckResult> {
  const ok = ctx.exchangesFor(operation).filter((e) => e.response?.status === 200);
  if (ok.length === 0) return skip(`no 200 response of ${operation} was recorded`);
  const validated = ok.filter((e) => e.schema !== undefined);
  if (validated.length === 0) return skip(`no schema applied to the ${ok.length} recorded 200 responses of ${operation}`);
  const bad = validated.find((e) => effectiveVerdict(e)!.valid === false);
  if (bad) {
    const verdict = effectiveVerdict(bad)!;
    const first = verdict.errors[0];
    const listField = bad.listWrapper?.listField;
    const field = verdict === bad.schema || listField === LIST_FIELD ? undefined : listField;
    violate(
      `A 200 of ${operation} does not match the schema${first ? `: ${first.instancePath === '' ? '/' : first.instancePath} ${first.message}` : ''}`,
      `a body valid against ${verdict.schemaRef ?? 'the 200 response schema'}${field ? ` (its records read from \`${field}\`)` : ''}`,
      `${format(verdict.errors, 5)} (body: ${brief(bad.response?.bodyText, 200)})`,
      bad,
      schemaMark(verdict.errors),
    );
  }
  const renamed = [...new Set(validated.filter((e) => effectiveVerdict(e) !== e.schema).map((e) => e.listWrapper!.listField!))].filter((f) => f !== LIST_FIELD);
  const how = renamed.length > 0 ? ` (records read from ${renamed.map((f) => `\`${f}\``).join(', ')}; the wrapper's field names are a SHOULD, see *.response.wrapper-fields)` : '';
  return pass(`${validated.length} responses validated${how}`);
}

/**
 * SHOULD (live facts §1.3): in every recorded JSON 200 of a list operation the records are the
 * top-level array `requests` and a next cursor is the top-level string `continuation`.
 */
export async function checkWrapperFields(ctx: CheckContext, operation: string): Promise<CheckResult> {
  const described = ctx.exchangesFor(operation).filter((e) => e.listWrapper !== undefined);
  if (described.length === 0) return skip(`no JSON 200 of ${operation} was recorded`);
  const list = described.find((e) => e.listWrapper!.listField !== LIST_FIELD);
  if (list) {
    const field = list.listWrapper!.listField;
    violate(
      `The records of a 200 of ${operation} should be the top-level array \`${LIST_FIELD}\` (the live service's name, live-service facts §1.3; the API document does not name it)`,
      `{"${LIST_FIELD}": [...]}`,
      field !== undefined ? `the records under \`${field}\`` : `no top-level array of records: ${brief(list.response?.bodyText, 200)}`,
      list,
    );
  }
  const cursor = described.find((e) => e.listWrapper!.cursorField !== undefined && e.listWrapper!.cursorField !== CURSOR_FIELD);
  if (cursor) {
    violate(
      `The next cursor of a 200 of ${operation} should be the top-level string \`${CURSOR_FIELD}\` (live-service facts §1.3; the document: "not shown")`,
      `"${CURSOR_FIELD}": "<cursor>"`,
      `the cursor under \`${cursor.listWrapper!.cursorField}\``,
      cursor,
    );
  }
  const loose = described.find((e) => e.listWrapper!.wrapperErrors?.length);
  if (loose) {
    violate(
      `A wrapper field of a 200 of ${operation} that the API document does not name should have the live service's type (live-service facts §1.3, §2.3)`,
      `a body valid against ${loose.schema?.schemaRef ?? 'the 200 response schema'} in its wrapper fields`,
      `${format(loose.listWrapper!.wrapperErrors!, 5)} (body: ${brief(loose.response?.bodyText, 200)})`,
      loose,
    );
  }
  const cursors = described.filter((e) => e.listWrapper!.cursorField !== undefined).length;
  return pass(`${described.length} responses with \`${LIST_FIELD}\`, ${cursors} of them with a \`${CURSOR_FIELD}\` cursor`);
}

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(SCHEMA_CHECK_IDS.requestsV3),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, 'GET /requests/v3'),
  },
  {
    id: 'requests-v3.response.wrapper-fields',
    title: 'The v3 list wrapper names its records `requests` and its cursor `continuation`, typed as the live service types them',
    clauses: ['requests-v3.response.wrapper-fields', 'requests-v3.pagination.continuation-field'],
    operation: 'GET /requests/v3',
    phase: 'final',
    run: (ctx) => checkWrapperFields(ctx, 'GET /requests/v3'),
  },
]);
