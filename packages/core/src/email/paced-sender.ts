/**
 * Email sent at the provider's pace (docs/decisions/0251-email-paced-to-the-ses-send-rate.md): a token bucket at
 * `ratePerSecond` (this instance's share of the account's send rate) before every send, and, when the provider still
 * throttles, exponential backoff with full jitter, at most `maxAttempts` sends (with the defaults, at most 3 s of
 * backoff: well inside the email consumer's 20 s); then the error goes to the queue, which retries the message after
 * its visibility timeout.
 */
import type { EmailMessage, EmailSender } from './ports.ts';

export interface PacingOptions {
  ratePerSecond: number;
  /** Epoch ms, and a wait: injected, so tests run on virtual time. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** True for the provider's "slow down" answers (SES: maximum sending rate exceeded), which are worth retrying. */
  isThrottle: (error: unknown) => boolean;
  maxAttempts?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

export function pacedEmailSender(inner: EmailSender, options: PacingOptions): EmailSender {
  const { now, sleep, ratePerSecond } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const base = options.baseBackoffMs ?? 100;
  const cap = options.maxBackoffMs ?? 5_000;
  const random = options.random ?? Math.random;
  const burst = Math.max(1, ratePerSecond);
  let tokens = burst;
  let refilledAt = now();
  /** Takes one token, waiting until the bucket has one. */
  const take = async () => {
    for (;;) {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - refilledAt) * ratePerSecond) / 1000);
      refilledAt = t;
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - tokens) * 1000) / ratePerSecond));
    }
  };
  return {
    async send(message: EmailMessage): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        await take();
        try {
          return await inner.send(message);
        } catch (error) {
          if (!options.isThrottle(error) || attempt >= maxAttempts) throw error;
          await sleep(Math.floor(random() * Math.min(cap, base * 2 ** attempt)));
        }
      }
    },
  };
}
