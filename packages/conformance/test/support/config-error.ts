import { expect } from 'vitest';
import { ConfigError } from '../../src/config/fields.js';

/** The message of the {@link ConfigError} that `fn` throws; fails the test if it throws nothing or something else. */
export function configErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}
