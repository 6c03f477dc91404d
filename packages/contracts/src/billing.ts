import * as z from 'zod/mini';
import { EmailSchema, UserSchema } from './auth.ts';

/**
 * The spec's body carries userId and email; the server ignores both and uses the session's user
 * (docs/decisions/0017-checkout-ignores-client-identity.md).
 */
export const CheckoutBodySchema = z.optional(
  z.strictObject({ userId: z.optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'Invalid user id'))), email: z.optional(EmailSchema) }),
);
export const CheckoutResponseSchema = z.strictObject({ url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `POST /api/stripe/portal-session`: where the customer portal opens. */
export const PortalSessionResponseSchema = z.strictObject({ url: z.string() });
export type PortalSessionResponse = z.infer<typeof PortalSessionResponseSchema>;

export const VerifySessionBodySchema = z.strictObject({
  sessionId: z.string().check(z.minLength(1, 'sessionId is required'), z.maxLength(255), z.regex(/^[\w-]+$/, 'Invalid session id')),
});
export type VerifySessionBody = z.infer<typeof VerifySessionBodySchema>;

export const VerifySessionResponseSchema = z.strictObject({ success: z.boolean(), user: UserSchema });
export type VerifySessionResponse = z.infer<typeof VerifySessionResponseSchema>;

/** Unix seconds at which access ends (the end of the paid period). */
export const CancelResponseSchema = z.strictObject({ cancel_at: z.number() });
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

/** `POST /api/stripe/webhook`: what the event did (a duplicate or an unhandled type changes nothing). */
export const WebhookResponseSchema = z.strictObject({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored', 'stale']) });
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
