import { ConflictError } from '../errors.ts';
import { utcInstant } from '../text.ts';

/** A break asked for while a longer one runs: a break can be extended, never shortened. */
export class BreakCannotBeShortenedError extends ConflictError {
  constructor(
    readonly breakUntil: string,
    options?: ErrorOptions,
  ) {
    super(`You are already taking a break until ${utcInstant(breakUntil)}. A break cannot be shortened; you can only choose a longer one.`, options);
    this.name = 'BreakCannotBeShortenedError';
  }
}
