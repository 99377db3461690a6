/** Client errors answered as JSON `{ message, errorCode }`. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorCode: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400 for a bad parameter: names the parameter, shows the value, states what is accepted. */
export function badParam(name: string, value: unknown, accepted: string): HttpError {
  const shown = typeof value === 'string' ? JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value) : JSON.stringify(value);
  return new HttpError(400, `Invalid ${name}: got ${shown}; expected ${accepted}`, 'INVALID_PARAMETER');
}
