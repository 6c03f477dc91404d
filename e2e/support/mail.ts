import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The emails to `to` whose subject matches, in the local stack's outbox (`GET /__local/mail.json`), newest first. */
export async function mailsTo(context: BrowserContext, to: string, subject: RegExp): Promise<OutboxMail[]> {
  const response = await context.request.get('/__local/mail.json');
  expect(response.status()).toBe(200);
  return ((await response.json()) as OutboxMail[]).filter((m) => m.to === to && subject.test(m.subject));
}

/**
 * Waits until more than `after` emails to `to` match (an address that got such an email before
 * passes how many), and returns the newest.
 */
export async function waitForMail(context: BrowserContext, to: string, subject: RegExp, { after = 0, timeoutMs = 90_000 } = {}): Promise<OutboxMail> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(context, to, subject);
    if (mails.length > after) return mails[0]!;
    if (performance.now() > deadline) throw new Error(`No email to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link of the email's text that goes to `path`, as a path with its query. */
export function linkIn(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path}\\?token=[^\\s]+)`).exec(mail.text);
  expect(match, `a ${path} link in: ${mail.text}`).not.toBeNull();
  return match![1]!;
}
