import { ForbiddenError } from '../errors.ts';
import { utcInstant } from '../text.ts';

/** A sign-in (or a request) of an account whose owner excluded it; said only once the password was right. */
export class SelfExcludedError extends ForbiddenError {
  constructor(
    readonly excludedUntil: string,
    options?: ErrorOptions,
  ) {
    super(`This account is self-excluded until ${utcInstant(excludedUntil)}. It cannot be used before then.`, options);
    this.name = 'SelfExcludedError';
  }
}
