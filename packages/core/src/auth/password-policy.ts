import { ValidationError } from '../errors.ts';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/**
 * What a new password must also be, beyond the contract's length and character rules
 * (docs/decisions/0075-passwords-not-common-not-reused.md): not one of the most common leaked
 * passwords (any case, surrounding spaces ignored), and not the password it replaces.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.trim().toLowerCase());
}

/** Throws a ValidationError about `field` when the new password is common or equals the current one. */
export function assertAcceptableNewPassword(password: string, { field, current }: { field: string; current?: string }): void {
  if (current !== undefined && password === current) throw new ValidationError(SAME_PASSWORD_MESSAGE, { field });
  if (isCommonPassword(password)) throw new ValidationError(COMMON_PASSWORD_MESSAGE, { field });
}
