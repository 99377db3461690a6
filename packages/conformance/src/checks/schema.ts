/**
 * Schema checks (phase `final`): every recorded 200 of an operation, validated by the engine's
 * http client with ajv against the OpenAPI document (`exchange.schema`), must be valid. The first
 * invalid exchange is the reproduction.
 */
import { brief, violate } from '../engine/expect.js';
import type { CheckContext, CheckDefinition, CheckResult, Exchange } from '../engine/types.js';
import { pass, skip } from './support/outcome.js';

/** Formats ajv errors: `instancePath message` (house style, like ajv). */
export function formatSchemaErrors(exchange: Exchange, max = 5): string {
  const errors = exchange.schema?.errors ?? [];
  const lines = errors.slice(0, max).map((e) => `${e.instancePath === '' ? '/' : e.instancePath} ${e.message}`);
  if (errors.length > max) lines.push(`… and ${errors.length - max} more`);
  return lines.join('; ');
}

/** Validates every recorded 200 of `operation`; skipped when none was recorded or none had a schema. */
export async function validateRecorded(ctx: CheckContext, operation: string): Promise<CheckResult> {
  const ok = ctx.exchangesFor(operation).filter((e) => e.response?.status === 200);
  if (ok.length === 0) return skip(`no 200 response of ${operation} was recorded`);
  const validated = ok.filter((e) => e.schema !== undefined);
  if (validated.length === 0) return skip(`no schema applied to the ${ok.length} recorded 200 responses of ${operation}`);
  const bad = validated.find((e) => e.schema!.valid === false);
  if (bad) {
    const first = bad.schema!.errors[0];
    violate(
      `A 200 of ${operation} does not match the schema${first ? `: ${first.instancePath === '' ? '/' : first.instancePath} ${first.message}` : ''}`,
      `a body valid against ${bad.schema!.schemaRef ?? 'the 200 response schema'}`,
      `${formatSchemaErrors(bad)} (body: ${brief(bad.response?.bodyText, 200)})`,
      bad,
    );
  }
  return pass(`${validated.length} responses validated`);
}

export const checks: CheckDefinition[] = [
  {
    id: 'requests-v3.response.schema',
    family: 'schema',
    title: 'Every 200 of GET /requests/v3 is the list wrapper of valid v3 request records',
    clauses: ['requests-v3.record.schema', 'requests-v3.record.deposit-address-type', 'requests-v3.record.status-values'],
    operation: 'GET /requests/v3',
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, 'GET /requests/v3'),
  },
];
