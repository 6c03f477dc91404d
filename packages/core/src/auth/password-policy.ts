import { ValidationError } from '../errors.ts';
import COMMON_PASSWORDS_TEXT from './common-passwords.txt';

/**
 * A new password must not be one of the most common leaked passwords (any case, surrounding
 * spaces ignored): docs/decisions/0075-passwords-not-common-not-reused.md. The list is data
 * (common-passwords.txt, its source and licence in common-passwords-source.md) that the bundler
 * inlines (docs/decisions/0157-password-list-as-data.md). Its own module, called by the
 * password-setting handlers only, so that the list (about 46 KB) is bundled into those and no other.
 */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.trimEnd().split(/\r?\n/));
  return common.has(password.trim().toLowerCase());
}

/** Throws a ValidationError about `field` when the new password is a common one. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw new ValidationError(COMMON_PASSWORD_MESSAGE, { field });
}
