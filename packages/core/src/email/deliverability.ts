import type { MessageQueue } from '../queues/ports.ts';
import type { EmailSuppression, UndeliveredEmail, UndeliveredEmailRepository } from './ports.ts';

/** A bounce or complaint as SES reports it (the fields that decide a suppression). */
export type SesDeliveryEvent =
  | { eventType: 'Bounce'; bounce: { bounceType: string; bounceSubType?: string; bouncedRecipients: Array<{ emailAddress: string }> } }
  | { eventType: 'Complaint'; complaint: { complaintFeedbackType?: string; complainedRecipients: Array<{ emailAddress: string }> } };

/**
 * The addresses an SES event takes off the mailing list: every recipient of a permanent bounce
 * (the address does not exist or refuses us for good) and of a complaint (the person marked us as
 * spam). A transient bounce (mailbox full, greylisting) suppresses nobody: the next email may
 * well arrive.
 */
export function suppressionsFrom(event: SesDeliveryEvent, at: Date): EmailSuppression[] {
  const suppressedAt = at.toISOString();
  if (event.eventType === 'Bounce') {
    if (event.bounce.bounceType !== 'Permanent') return [];
    const detail = `bounce: ${event.bounce.bounceType}${event.bounce.bounceSubType ? ` / ${event.bounce.bounceSubType}` : ''}`;
    return event.bounce.bouncedRecipients.map((r) => ({ email: r.emailAddress.toLowerCase(), reason: 'bounce', detail, suppressedAt }));
  }
  const detail = `complaint${event.complaint.complaintFeedbackType ? `: ${event.complaint.complaintFeedbackType}` : ''}`;
  return event.complaint.complainedRecipients.map((r) => ({ email: r.emailAddress.toLowerCase(), reason: 'complaint', detail, suppressedAt }));
}

/** The outcome of a replay of the undelivered emails. */
export interface EmailRedriveReport {
  /** Put back on the email queue. */
  redriven: number;
  /** Kept: their body is not a valid email request (a replay cannot fix it), with why. */
  kept: Array<{ id: string; reason: string }>;
}

/** The email queue's name in the queue port. */
export const EMAIL_QUEUE = 'email';

/**
 * Replays every undelivered email that was not replayed yet: its body goes back on the email
 * queue as it was, and the record says when. The email consumer then sends it as if it were new
 * (a reset or verification request issues a fresh link). Safe to run twice: a replayed record is
 * not replayed again.
 */
export async function redriveUndeliveredEmails(
  deps: {
    store: UndeliveredEmailRepository;
    queue: Pick<MessageQueue, 'send'>;
    now: () => Date;
    /** The request in `body` when it is a valid email request (the queue message's schema), else undefined. */
    parse: (body: string) => object | undefined;
  },
  limit = 100,
): Promise<EmailRedriveReport> {
  const open = (await deps.store.list(limit)).filter((e: UndeliveredEmail) => !e.redrivenAt);
  const report: EmailRedriveReport = { redriven: 0, kept: [] };
  for (const email of open) {
    const message = deps.parse(email.body);
    if (!message) {
      report.kept.push({ id: email.id, reason: `not a valid email request (${email.reason})` });
      continue;
    }
    await deps.queue.send(EMAIL_QUEUE, message);
    await deps.store.markRedriven(email.id, deps.now().toISOString());
    report.redriven += 1;
  }
  return report;
}

/** The template an undelivered request asked for, read from its body without trusting it. */
export function templateOf(email: Pick<UndeliveredEmail, 'body'>): string {
  try {
    const template = (JSON.parse(email.body) as { template?: unknown }).template;
    return typeof template === 'string' && /^[a-z-]{1,40}$/.test(template) ? template : 'unreadable';
  } catch {
    return 'unreadable';
  }
}
