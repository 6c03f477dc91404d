import * as z from 'zod/mini';

/** An address the product no longer mails: SES reported a permanent bounce or a complaint. */
export const EmailSuppressionSchema = z.strictObject({
  email: z.string(),
  reason: z.enum(['bounce', 'complaint']),
  detail: z.string(),
  suppressedAt: z.iso.datetime(),
});

/** An email request no delivery could send. Its body stays on the server (it names a person). */
export const UndeliveredEmailSchema = z.strictObject({
  id: z.string(),
  /** `verify-email`, `password-reset`, `contact`, or `unreadable` for a malformed request. */
  template: z.string(),
  reason: z.string(),
  deadLetteredAt: z.iso.datetime(),
  redrivenAt: z.optional(z.iso.datetime()),
});

/** `GET /api/admin/email-delivery`: suppressed addresses and undelivered emails, newest first. */
export const EmailDeliveryResponseSchema = z.strictObject({
  suppressions: z.array(EmailSuppressionSchema),
  undelivered: z.array(UndeliveredEmailSchema),
});
export type EmailDeliveryResponse = z.infer<typeof EmailDeliveryResponseSchema>;
