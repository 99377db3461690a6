/**
 * Table-driven check tests shared by every family: find a check by id, assert a failure with its
 * message and reproduction, and the "passes a conformant server, fails on each fault" table.
 */
import { expect, it } from 'vitest';
import type { CheckContext, CheckDefinition, CheckResult } from '../../src/contract/types.js';
import { settle } from './settle.js';

/** The check of `checks` with this id; throws naming the id when there is none. */
export function checkById(checks: readonly CheckDefinition[], id: string): CheckDefinition {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}

/** Where a failure's reproduction must point: its request URL, or its curl line, contains `text`. */
export interface Reproduction {
  in: 'url' | 'curl';
  text: string;
}

/** Asserts that `result` is a fail whose message matches `message` and whose exchange reproduces at `where`. */
export function expectViolation(result: CheckResult, message: string | RegExp, where: Reproduction): void {
  expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
  if (result.status !== 'fail') return;
  expect(result.violation.message).toMatch(message);
  const e = result.violation.exchange;
  expect(where.in === 'url' ? e?.request.url : e?.curl).toContain(where.text);
}

/** One fault case: the check id, the fault the fake server injects, and what the failure message says. */
export type FaultCase<F> = readonly [id: string, fault: F, message: string | RegExp];

/**
 * For each case, check `id` passes the conformant server (`ctxFor()`) and fails on `ctxFor(fault)`
 * with the message and an exchange that reproduces at `where`.
 */
export function passesThenFailsOn<F>(
  checks: readonly CheckDefinition[],
  cases: ReadonlyArray<FaultCase<F>>,
  ctxFor: (fault?: F) => CheckContext,
  where: Reproduction,
): void {
  it.each(cases.map(([id, fault, message]): [string, F, string | RegExp] => [id, fault, message]))(
    '%s passes a conformant server and fails on %s',
    async (id, fault, message) => {
      const check = checkById(checks, id);
      expect(await settle(check, ctxFor())).toMatchObject({ status: 'pass' });
      expectViolation(await settle(check, ctxFor(fault)), message, where);
    },
  );
}
