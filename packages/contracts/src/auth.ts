import * as z from 'zod/mini';
import { ACCEPT_TERMS_MESSAGE } from './responsible-gambling.ts';

/** Minimum 8 (NIST/OWASP), not the original 6 (docs/decisions/0015-minimum-password-length-8.md); at most 128. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;

/** Emails are trimmed and lower-cased before anything else sees them. */
export const EmailSchema = z.pipe(
  z.string().check(z.maxLength(254, 'Email is too long')),
  z.pipe(
    z.transform((v: string) => v.trim().toLowerCase()),
    z.email('Enter a valid email address'),
  ),
);

export const PASSWORD_ONE_CHARACTER_MESSAGE = 'Password must not be one character repeated (such as eight spaces).';
/** The rule shown beside a new-password field; the server also refuses the most common passwords and the current one. */
export const PASSWORD_RULE_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password, and not your current one.`;

export const NewPasswordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE),
  z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`),
  z.refine((password) => new Set(password).size > 1, PASSWORD_ONE_CHARACTER_MESSAGE),
);

/** Login does not re-apply the creation policy: any non-empty password up to the maximum. */
const AnyPasswordSchema = z.string().check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH, 'Password is too long'));

/**
 * Request bodies are strict: an unknown field is a 400, not silently dropped. A sign-up confirms
 * the person is 18 or older and accepts the Terms: both must be `true`, one checkbox in the form.
 */
export const RegisterBodySchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  acceptTerms: z.literal(true, ACCEPT_TERMS_MESSAGE),
  confirmAge: z.literal(true, ACCEPT_TERMS_MESSAGE),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.strictObject({ email: EmailSchema, password: AnyPasswordSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({ currentPassword: AnyPasswordSchema, newPassword: NewPasswordSchema });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** For the POSTs whose payload is empty (logout, cancel). */
export const EmptyBodySchema = z.optional(z.strictObject({}));

/** `POST /api/auth/delete-account`: the password again, so an open or stolen session cannot delete the account. */
export const DeleteAccountBodySchema = z.strictObject({ password: AnyPasswordSchema });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

export const UserSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  /** The owner opened the verification link sent after sign-up. */
  emailVerified: z.boolean(),
  subscriptionStatus: z.enum(['free', 'premium']),
  role: z.enum(['user', 'admin']),
  /** Unix seconds at which a pending cancellation takes effect; null when none is pending. */
  cancelAt: z.nullable(z.number()),
  /** ISO-8601 UTC end of the break the user is taking; null when none runs (docs/responsible-gambling.md). */
  breakUntil: z.nullable(z.iso.datetime()),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.strictObject({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** `POST /api/auth/password-reset`: answered 202 with the same body whether or not the account exists. */
export const PasswordResetRequestBodySchema = z.strictObject({ email: EmailSchema });
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBodySchema>;

/** The token of an emailed link: `<userId>.<secret>`. */
export const EmailTokenSchema = z.string().check(z.minLength(1, 'The link is incomplete'), z.maxLength(200, 'The link is not valid'));

export const PasswordResetConfirmBodySchema = z.strictObject({ token: EmailTokenSchema, password: NewPasswordSchema });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

export const VerifyEmailBodySchema = z.strictObject({ token: EmailTokenSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/** `POST /api/auth/resend-verification`: the link is on its way to the signed-in user's address. */
export const VERIFICATION_SENT_MESSAGE = 'A new link to confirm your email address is on its way.';

/** The one answer of the reset request, for known and unknown emails alike. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = 'If an account exists for this email, a link to reset its password is on its way.';
export const MessageResponseSchema = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `POST /api/auth/change-password`: the user, and how many of its other sessions ended. */
export const ChangePasswordResponseSchema = z.strictObject({ user: UserSchema, endedSessions: z.int() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

/** `POST /api/auth/password-reset/confirm`: every session of the account ended, this browser's too. */
export const PasswordResetConfirmResponseSchema = z.strictObject({ endedSessions: z.int() });
export type PasswordResetConfirmResponse = z.infer<typeof PasswordResetConfirmResponseSchema>;

export const VerifyEmailResponseSchema = z.strictObject({ verified: z.literal(true) });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const DeleteAccountResponseSchema = z.strictObject({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;

/** The answer of an action with nothing to report but that it was done (logout, an odds correction). */
export const OkResponseSchema = z.strictObject({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;
