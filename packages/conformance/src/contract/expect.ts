import type { Exchange, Violation, ViolationMark } from './types.js';

/**
 * Thrown inside a check (or a property predicate) to report a violated expectation. The engine
 * and {@link CheckContext.property} turn it into a `fail` outcome; any other throw is an `error`.
 */
export class ViolationError extends Error {
  readonly violation: Violation;
  constructor(violation: Violation) {
    super(`${violation.message}\n  expected: ${violation.expected}\n  received: ${violation.received}`);
    this.name = 'ViolationError';
    this.violation = violation;
  }
}

/** Throws a {@link ViolationError}. */
export function violate(message: string, expected: string, received: string, exchange?: Exchange, mark: ViolationMark = {}): never {
  throw new ViolationError({ message, expected, received, exchange, ...mark });
}

/** Throws a {@link ViolationError} unless `condition` holds. */
export function ensure(
  condition: unknown,
  message: string,
  expected: string,
  received: string | (() => string),
  exchange?: Exchange,
): asserts condition {
  if (!condition) violate(message, expected, typeof received === 'function' ? received() : received, exchange);
}

/** Short JSON for reports (truncated). */
export function brief(value: unknown, max = 300): string {
  let s: string;
  try {
    s = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    s = String(value);
  }
  if (s === undefined) s = String(value);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
