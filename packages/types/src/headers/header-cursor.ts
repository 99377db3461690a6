import { HeaderParseError } from './header-parse-error.js';

/**
 * A position in one header field value, the base of the header parsers' scanners. `fail` throws a
 * {@link HeaderParseError} naming the header and the offset.
 */
export class HeaderCursor {
  pos = 0;

  constructor(
    protected readonly header: string,
    protected readonly input: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(): string {
    return this.input[this.pos] ?? '';
  }

  fail(reason: string, at = this.pos): never {
    throw new HeaderParseError(this.header, this.input, at, reason);
  }
}
