import * as z from 'zod/mini';

const id = z.string().check(z.minLength(1), z.maxLength(100));

/**
 * Put on the `email` queue by the routes that send mail. It names the template and its subject
 * (a user, an email, a contact message), never a token or a body: the consumer issues tokens and
 * renders the message itself, so nothing secret sits in the queue.
 */
export const EmailRequestedSchema = z.discriminatedUnion('template', [
  z.object({ type: z.literal('email.requested'), version: z.literal(1), template: z.literal('verify-email'), userId: id, requestedAt: z.iso.datetime() }),
  z.object({
    type: z.literal('email.requested'),
    version: z.literal(1),
    template: z.literal('password-reset'),
    email: z.string().check(z.minLength(3), z.maxLength(254)),
    requestedAt: z.iso.datetime(),
  }),
  z.object({
    type: z.literal('email.requested'),
    version: z.literal(1),
    template: z.literal('account-exists'),
    email: z.string().check(z.minLength(3), z.maxLength(254)),
    requestedAt: z.iso.datetime(),
  }),
  z.object({ type: z.literal('email.requested'), version: z.literal(1), template: z.literal('contact'), messageId: id, requestedAt: z.iso.datetime() }),
  z.object({
    type: z.literal('email.requested'),
    version: z.literal(1),
    template: z.literal('value-alert'),
    userId: id,
    /** `realtime`: flags as they appear; `digest` (or absent, as queued before): a daily or weekly digest. */
    kind: z.optional(z.enum(['realtime', 'digest'])),
    /** The flag set it belongs to: the consumer sends it once per set and user (docs/decisions/0250-alerts-fanned-out-by-queue.md). */
    setId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9:#_.-]{1,120}$/, 'a flag set id'))),
    bets: z
      .array(
        z.object({
          fixtureId: id,
          selection: z.enum(['home', 'draw', 'away', 'over25', 'under25']),
          /** The price, bookmaker, edge (fraction) and time of the flag; absent in requests queued before they were carried. */
          odds: z.optional(z.number().check(z.gt(1), z.lte(1000))),
          bookmaker: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(60)))),
          edge: z.optional(z.number().check(z.gt(-1), z.lte(100))),
          asOf: z.optional(z.iso.datetime()),
        }),
      )
      .check(z.minLength(1), z.maxLength(20)),
    requestedAt: z.iso.datetime(),
  }),
]);
export type EmailRequested = z.infer<typeof EmailRequestedSchema>;

/** The request in a raw queue body, or undefined when it is not valid JSON or not a valid request. */
export function parseEmailRequest(body: string): EmailRequested | undefined {
  try {
    const result = EmailRequestedSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
