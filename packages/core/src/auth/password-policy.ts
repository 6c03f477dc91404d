import { NewPasswordSchema } from '@app/contracts/auth';
import { ValidationError } from '../errors.ts';
import COMMON_PASSWORDS_TEXT from './common-passwords.txt';
import type { PasswordHasher } from './ports.ts';

/**
 * The one password policy for every way a password is set: sign-up, change-password and reset
 * (docs/decisions/0075-passwords-not-common-not-reused.md, docs/decisions/0153-one-password-policy.md):
 * - the contract's rules (8 to 128 characters, not one character repeated);
 * - not one of the 5,000 most common leaked passwords (any case, surrounding spaces ignored);
 * - not the account's current password.
 * `acceptNewPassword` is the only maker of a `NewPassword`, the type the services take, so a
 * password-setting path that skips the policy does not compile. The list is data
 * (common-passwords.txt, source and licence in common-passwords-source.md) that the bundler
 * inlines (docs/decisions/0157-password-list-as-data.md): only the handlers call
 * `acceptNewPassword`, so the list (about 46 KB) is bundled into the password-setting functions
 * and no other.
 */
export type NewPassword = string & { readonly __policy: 'new-password' };

export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.trimEnd().split(/\r?\n/));
  return common.has(password.trim().toLowerCase());
}

/** The password if it passes the length rules and is not common; else a ValidationError naming `field`. */
export function acceptNewPassword(password: string, field: string): NewPassword {
  const shape = NewPasswordSchema.safeParse(password);
  if (!shape.success) throw new ValidationError(shape.error.issues[0]?.message ?? 'Invalid password', { field });
  if (isCommonPassword(password)) throw new ValidationError(COMMON_PASSWORD_MESSAGE, { field });
  return password as NewPassword;
}

/** Refuses a new password that the account's current hash accepts (compared as the hasher compares). */
export async function assertNotCurrentPassword(password: NewPassword, currentHash: string, hasher: PasswordHasher, field: string): Promise<void> {
  if (await hasher.verify(password, currentHash)) throw new ValidationError(SAME_PASSWORD_MESSAGE, { field });
}
