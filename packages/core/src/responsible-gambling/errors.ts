import { CONFIRM_ADDRESS_FIRST_MESSAGE } from '@app/contracts/responsible-gambling';
import { ConflictError, ForbiddenError } from '../errors.ts';
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

/**
 * A break or a self-exclusion asked for by an account whose address nobody has proved: whoever
 * signed up with someone else's address must not lock its owner out (M1,
 * docs/decisions/0280-protections-only-on-a-confirmed-address.md).
 */
export class AddressNotConfirmedError extends ForbiddenError {
  constructor(options?: ErrorOptions) {
    super(CONFIRM_ADDRESS_FIRST_MESSAGE, options);
    this.name = 'AddressNotConfirmedError';
  }
}
