import * as z from 'zod/mini';
import { EmailSchema } from './auth.ts';

const text = (label: string, max: number, oneLine = false) =>
  z.pipe(
    z.string(),
    z.pipe(
      z.transform((v: string) => v.trim()),
      z.string().check(
        z.minLength(1, `Please enter ${label}.`),
        z.maxLength(max, `Please keep ${label} under ${max} characters.`),
        // Name and subject end up in an email subject line: one line only.
        ...(oneLine ? [z.regex(/^[^\r\n]*$/, `Please keep ${label} on one line.`)] : []),
      ),
    ),
  );

/**
 * `POST /api/contact`. `website` is a honeypot: hidden from people, filled in by naive bots; a
 * message with it is answered like any other and dropped.
 */
export const ContactBodySchema = z.strictObject({
  name: text('your name', 100, true),
  email: EmailSchema,
  subject: text('a subject', 200, true),
  message: text('your message', 5000),
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

export const ContactMessageSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagesResponseSchema = z.strictObject({ messages: z.array(ContactMessageSchema) });
export type ContactMessagesResponse = z.infer<typeof ContactMessagesResponseSchema>;

/** `POST /api/contact`: 202, the message is stored (or, from a bot, dropped: the same answer). */
export const ContactReceivedSchema = z.strictObject({ received: z.literal(true) });
export type ContactReceived = z.infer<typeof ContactReceivedSchema>;

/** `POST /api/admin/messages/{id}/read`: the message's new state. */
export const MarkReadResponseSchema = z.strictObject({ id: z.string(), read: z.boolean() });
export type MarkReadResponse = z.infer<typeof MarkReadResponseSchema>;

export const MessageParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9A-Z]{26}$/, 'Not a message id')) });
export const MarkReadBodySchema = z.strictObject({ read: z.boolean() });
