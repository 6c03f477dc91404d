import type { Selection } from '../predictions/prediction.ts';

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
  /** Extra headers (the alert digest's RFC 8058 List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
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
  | { template: 'contact'; messageId: string }
  /**
   * Value-bet alerts: the bets it lists (fixture and selection, with the flag's price, bookmaker, edge as a
   * fraction and time when the source gave them), the rest rendered from the stored predictions; `realtime`
   * (flags as they appear) or a digest; `setId`, the flag set it belongs to (sent once per set and user, whatever the
   * queue's redeliveries).
   */
  | { template: 'value-alert'; userId: string; kind?: 'realtime' | 'digest'; setId?: string; bets: AlertEmailBet[] };

export interface AlertEmailBet {
  fixtureId: string;
  selection: Selection;
  odds?: number;
  bookmaker?: string | null;
  edge?: number;
  asOf?: string;
}

/** Puts an email request on the email queue. */
export type RequestEmail = (request: EmailRequest) => Promise<void>;
/** Puts many email requests on the email queue (in batches: one call per ten on SQS). */
export type RequestEmails = (requests: EmailRequest[]) => Promise<void>;

/**
 * An email request no delivery could send (it reached the email dead-letter queue), kept with
 * its message body so that it can be replayed (`npm run jobs -- redrive`). The body carries ids,
 * never a token: a replayed reset or verification issues a fresh link.
 */
export interface UndeliveredEmail {
  /** The dead-letter queue message's id: recording it twice keeps one. */
  id: string;
  /** The request exactly as it was queued (possibly malformed: it is kept all the same). */
  body: string;
  reason: string;
  /** ISO-8601 UTC. */
  deadLetteredAt: string;
  /** Set when it was put back on the email queue. */
  redrivenAt?: string;
}

/** Where undelivered email requests are kept until an operator replays them. */
export interface UndeliveredEmailStore {
  /** Records one (idempotent by id). */
  record(email: UndeliveredEmail): Promise<void>;
  /** Newest first, replayed ones included. */
  list(limit: number): Promise<UndeliveredEmail[]>;
  markRedriven(id: string, at: string): Promise<void>;
}

/** Why an address no longer receives email: SES reported a permanent bounce or a complaint. */
export interface EmailSuppression {
  /** Lower-case. */
  email: string;
  reason: 'bounce' | 'complaint';
  /** SES's own words (bounce type and subtype, complaint feedback type). */
  detail: string;
  /** ISO-8601 UTC. */
  suppressedAt: string;
}

/** The addresses the email consumer skips. */
export interface EmailSuppressionStore {
  suppress(suppression: EmailSuppression): Promise<void>;
  isSuppressed(email: string): Promise<boolean>;
  /** Newest first. */
  list(limit: number): Promise<EmailSuppression[]>;
}
