/** A result that is either a value or an error (the project's monad, as `@sniptt/monads` has it). */
export interface Result<T, E> {
  isOk(): boolean;
  isErr(): boolean;
  unwrap(): T;
  unwrapErr(): E;
}

export function Ok<T, E = never>(value: T): Result<T, E> {
  return {
    isOk: () => true,
    isErr: () => false,
    unwrap: () => value,
    unwrapErr: () => {
      throw new Error('unwrapErr on Ok');
    },
  };
}

export function Err<E, T = never>(error: E): Result<T, E> {
  return {
    isOk: () => false,
    isErr: () => true,
    unwrap: () => {
      throw new Error('unwrap on Err');
    },
    unwrapErr: () => error,
  };
}
