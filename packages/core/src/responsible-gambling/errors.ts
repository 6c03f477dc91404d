import { ConflictError, ForbiddenError } from '../errors.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sat, 21 Mar 2026, 10:00 UTC": how the server names an instant in a message (the same on every runtime's ICU). */
export function utcInstant(iso: string): string {
  const d = new Date(iso);
  const time = d.toISOString().slice(11, 16);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time} UTC`;
}

/** A break asked for while a longer one runs: a break can be extended, never shortened. */
export class BreakCannotBeShortenedError extends ConflictError {
  constructor(readonly breakUntil: string, options?: ErrorOptions) {
    super(`You are already taking a break until ${utcInstant(breakUntil)}. A break cannot be shortened; you can only choose a longer one.`, options);
    this.name = 'BreakCannotBeShortenedError';
  }
}

/** A sign-in (or a request) of an account whose owner excluded it; said only once the password was right. */
export class SelfExcludedError extends ForbiddenError {
  constructor(readonly excludedUntil: string, options?: ErrorOptions) {
    super(`This account is self-excluded until ${utcInstant(excludedUntil)}. It cannot be used before then.`, options);
    this.name = 'SelfExcludedError';
  }
}
