/**
 * Email. Requests name what to send and whom to (ids, never a token): a queue consumer renders
 * and sends them, so a slow mail server never slows a request, a failed send is retried by the
 * queue and, after its last attempt, dead-lettered.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (a contact message forwarded to support replies to its sender). */
  replyTo?: string;
}

/** Sends one rendered message: Amazon SES on AWS, the local outbox in the local stack. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** What the email consumer is asked to send. */
export type EmailRequest =
  | { template: 'verify-email'; userId: string }
  /** A sign-up for an address that already has an account: told to that inbox only. */
  | { template: 'account-exists'; email: string }
  | { template: 'password-reset'; email: string }
  | { template: 'contact'; messageId: string };

/** Puts an email request on the email queue. */
export type RequestEmail = (request: EmailRequest) => Promise<void>;
