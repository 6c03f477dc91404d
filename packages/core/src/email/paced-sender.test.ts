import { describe, expect, it } from 'vitest';
import { pacedEmailSender } from './paced-sender.ts';
import type { EmailMessage } from './ports.ts';

class Throttled extends Error {
  override name = 'TooManyRequestsException';
}
const message = (n: number): EmailMessage => ({ to: `u${n}@example.com`, subject: 's', text: 't', html: 'h' });

/** A sender on virtual time: `sleep` moves the clock; `failures` throttles the next sends. */
function setup(options: { rate: number; failures?: number }) {
  let t = 0;
  const sentAt: number[] = [];
  const waits: number[] = [];
  let failures = options.failures ?? 0;
  const sender = pacedEmailSender(
    {
      send: async () => {
        if (failures > 0) {
          failures -= 1;
          throw new Throttled('Maximum sending rate exceeded.');
        }
        sentAt.push(t);
      },
    },
    {
      ratePerSecond: options.rate,
      now: () => t,
      sleep: async (ms) => void (waits.push(ms), (t += ms)),
      isThrottle: (e) => e instanceof Throttled,
      random: () => 0.5,
    },
  );
  return { sender, sentAt, waits };
}

describe('email paced to the send rate', () => {
  it('sends no faster than the rate, after a first burst the size of one second', async () => {
    const { sender, sentAt } = setup({ rate: 7 });
    for (let i = 0; i < 28; i++) await sender.send(message(i));
    expect(sentAt).toHaveLength(28);
    // 7 at once, then one every 1/7 s: 28 messages take 3 s.
    expect(sentAt.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(sentAt.at(-1)).toBeGreaterThanOrEqual(3_000);
    expect(sentAt.at(-1)).toBeLessThan(3_100);
    // After the burst, any one second holds at most the rate (and one at its edge).
    for (let i = 7; i < 28; i++) expect(sentAt.filter((at) => at >= sentAt[i]! && at < sentAt[i]! + 1_000).length).toBeLessThanOrEqual(8);
  });

  it('backs off when the provider throttles, exponentially with jitter, then sends', async () => {
    const { sender, sentAt, waits } = setup({ rate: 100, failures: 3 });
    await sender.send(message(1));
    expect(sentAt).toHaveLength(1);
    // Full jitter (random 0.5) on 100 ms x 2^attempt: 100, 200, 400.
    expect(waits).toEqual([100, 200, 400]);
  });

  it('gives the message back to the queue after the last attempt', async () => {
    const { sender, sentAt, waits } = setup({ rate: 100, failures: 5 });
    await expect(sender.send(message(1))).rejects.toThrow('Maximum sending rate exceeded');
    expect(sentAt).toEqual([]);
    expect(waits).toEqual([100, 200, 400, 800]);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const sender = pacedEmailSender(
      {
        send: async () =>
          void (
            (calls += 1),
            (() => {
              throw new Error('MessageRejected');
            })()
          ),
      },
      { ratePerSecond: 10, now: () => 0, sleep: async () => {}, isThrottle: () => false },
    );
    await expect(sender.send(message(1))).rejects.toThrow('MessageRejected');
    expect(calls).toBe(1);
  });
});
