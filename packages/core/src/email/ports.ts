import type { AlertSettings } from '@app/contracts/alerts';
import type { PipelinePredictionRepository } from '../pipeline/ports.ts';
import type { Selection, StoredPrediction } from '../predictions/prediction.ts';

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

/*
 * What the email consumer reads to render a request, stated here: auth, contact and alerts ask for
 * mail (they depend on email), so email never imports them; their stores and signers fit these
 * shapes (docs/decisions/0260-core-areas-depend-one-way.md).
 */

/** Issues the single-use link of a verification or password-reset email (auth's one-time tokens). */
export interface MailTokens {
  issue(userId: string, purpose: 'verify-email' | 'password-reset'): Promise<string>;
}

/** A contact-form message as it is forwarded to support (contact's stored message). */
export interface MailedContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Set when the sender was signed in: only then is the message acknowledged. */
  userId?: string;
}

/** What a value-bet alert email reads: the alerts' settings and deliveries, the bets, the unsubscribe signer. */
export interface AlertMailing {
  store: {
    /** The user's alert settings now (turned off since the request was queued?), with the bankroll and plan the stakes follow. */
    get(userId: string): Promise<Pick<AlertSettings, 'frequency' | 'bankroll' | 'stakePlan'> | undefined>;
    /** Marks a flag set's email sent to the user: false when it was already (a redelivered request). */
    markSent(userId: string, setId: string, at: Date): Promise<boolean>;
    unmarkSent(userId: string, setId: string): Promise<void>;
  };
  /**
   * The flagged fixtures: a forecast, else the flag-only record of a league without history where the store keeps them
   * (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md).
   */
  predictions: Pick<PipelinePredictionRepository, 'get'> & { getValueOnly?(fixtureId: string): Promise<StoredPrediction | undefined> };
  /** Signs the user's one-click unsubscribe link. */
  tokens: { sign(userId: string): string };
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
export interface UndeliveredEmailRepository {
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
export interface EmailSuppressionRepository {
  suppress(suppression: EmailSuppression): Promise<void>;
  isSuppressed(email: string): Promise<boolean>;
  /** Newest first. */
  list(limit: number): Promise<EmailSuppression[]>;
}
