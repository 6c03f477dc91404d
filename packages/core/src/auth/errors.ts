import { ConflictError } from '../errors.ts';

/** The 409 of a sign-up for a taken address: it offers the two ways in (docs/decisions/0200-sign-up-signs-in.md). */
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email already exists. Log in, or choose a new password with "Forgot password?" if you do not remember it.';

/** A password change or reset that lost the race to another one: nothing was changed. */
export class PasswordChangedMeanwhileError extends ConflictError {
  constructor(options?: ErrorOptions) {
    super('The password was changed meanwhile. Sign in again and retry.', options);
    this.name = 'PasswordChangedMeanwhileError';
  }
}

export class EmailTakenError extends ConflictError {
  constructor(options?: ErrorOptions) {
    super(EMAIL_TAKEN_MESSAGE, options);
    this.name = 'EmailTakenError';
  }
}
