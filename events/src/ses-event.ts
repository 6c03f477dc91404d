import * as z from 'zod/mini';

const recipient = z.object({ emailAddress: z.string().check(z.minLength(3), z.maxLength(320)) });

/**
 * What SES publishes for a configuration set's bounce and complaint events (through SNS with raw
 * delivery, onto the `email-events` queue). Only the fields the consumer reads are checked; SES
 * adds many more (they are kept, not stripped, and ignored).
 */
export const SesEventSchema = z.discriminatedUnion('eventType', [
  z.looseObject({
    eventType: z.literal('Bounce'),
    bounce: z.looseObject({ bounceType: z.string(), bounceSubType: z.optional(z.string()), bouncedRecipients: z.array(recipient).check(z.minLength(1)) }),
  }),
  z.looseObject({
    eventType: z.literal('Complaint'),
    complaint: z.looseObject({ complaintFeedbackType: z.optional(z.string()), complainedRecipients: z.array(recipient).check(z.minLength(1)) }),
  }),
]);
export type SesEvent = z.infer<typeof SesEventSchema>;
