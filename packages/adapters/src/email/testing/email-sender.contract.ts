// One contract for every email adapter (Amazon SES here, the local outbox in @app/local): what a
// sent message looks like to its recipient.
import { describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '@app/core/email/ports';

/** What a recipient reads of one message. */
export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** An adapter under the contract, and the mailbox it delivers to. */
export interface EmailSenderHarness {
  sender: EmailSender;
  /** What the mailbox holds, newest first. */
  received(): Promise<ReceivedEmail[]>;
}

/** The n-th test message: the second has a reply-to address, the third extra headers (List-Unsubscribe). */
export const testMessage = (n: number): EmailMessage => ({
  to: `ana${n}@example.com`,
  subject: `Subject ${n} é`,
  text: `Hello ${n}\nhttp://localhost:3000/verify-email?token=abc`,
  html: `<p>Hello ${n}</p>`,
  ...(n === 2 ? { replyTo: 'bob@example.com' } : {}),
  ...(n === 3
    ? { headers: { 'List-Unsubscribe': '<http://localhost:3000/api/alerts/unsubscribe?token=a.b>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
    : {}),
});

export function emailSenderContract(name: string, make: () => Promise<EmailSenderHarness>): void {
  describe(`EmailSender contract: ${name}`, () => {
    it('delivers the text and HTML parts, the recipient, the reply-to address and extra headers (List-Unsubscribe)', async () => {
      const h = await make();
      await h.sender.send(testMessage(1));
      await h.sender.send(testMessage(2));
      await h.sender.send(testMessage(3));
      const got = await h.received();
      expect(got.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, replyTo: m.replyTo, headers: m.headers }))).toEqual([
        { ...testMessage(3), replyTo: undefined },
        { ...testMessage(2), headers: undefined },
        { ...testMessage(1), replyTo: undefined, headers: undefined },
      ]);
    });
  });
}
