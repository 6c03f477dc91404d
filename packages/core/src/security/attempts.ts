import { RateLimitedError } from '../errors.ts';

/**
 * Attempts (password checks, sign-ups, mail requests) are counted per subject (an account on one
 * client network, a client network across accounts, an email address) BEFORE the costly or
 * revealing work, with a compare-and-set write, so concurrent attempts cannot all slip through
 * between a check and a record. The first `freeAttempts` go through at once; after that each
 * attempt must wait a doubling delay (capped). A refused attempt leaves no trace: it writes
 * nothing, and when a later subject of the same request refuses, the earlier ones are put back as
 * they were, so hammering never lengthens a wait. A quiet `resetAfterMs` forgets a subject; a
 * subject with `drainEveryMs` also forgets one attempt per period (a leaky bucket), so steady,
 * legitimate failures of a busy network never add up to a lock.
 * (docs/decisions/0032-password-attempt-limiter.md, docs/decisions/0151-throttles-that-spare-the-office.md)
 */
export interface AttemptPolicy {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A subject with no attempt for this long starts afresh. */
  resetAfterMs: number;
  /** One counted attempt is forgotten per this many ms (none when absent). */
  drainEveryMs?: number;
}

export interface AttemptState {
  /** Attempts still counted (fractional while a drain is under way). */
  count: number;
  lastAt: number;
  /** Epoch ms before which the next attempt is refused. */
  nextAt: number;
}

export interface StoredAttempts {
  state: AttemptState;
  /** Compare-and-set token of the stored item. */
  version: number;
}

/** Counters of attempts; writes are compare-and-set on `version`. */
export interface AttemptRepository {
  get(subject: string): Promise<StoredAttempts | undefined>;
  /** Writes `state` only if the stored version is still `expected` (undefined: no item); false otherwise. */
  put(subject: string, state: AttemptState, expected: number | undefined, ttlMs: number): Promise<boolean>;
  /** Gives back one attempt (the one of a request that turned out to be the owner's). */
  refund(subject: string): Promise<void>;
  clear(subject: string): Promise<void>;
}

/** An account on one client network: 5 failed password checks at once, then 1, 2, 4, 8, 15 minutes apart. */
export const ACCOUNT_POLICY: AttemptPolicy = { freeAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, resetAfterMs: 15 * 60_000 };
/**
 * A client network across accounts (an office NAT, an IPv6 /64), charged only for failed password
 * checks: a burst of 100, and 100 an hour after that (one forgotten every 36 s), before any delay.
 */
export const NETWORK_POLICY: AttemptPolicy = {
  freeAttempts: 100,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  resetAfterMs: 60 * 60_000,
  drainEveryMs: 36_000,
};

/** Requests that send mail (sign-up, password reset) from one client network: 30 at once, then 30 an hour. */
export const MAIL_NETWORK_POLICY: AttemptPolicy = {
  freeAttempts: 30,
  baseDelayMs: 60_000,
  maxDelayMs: 30 * 60_000,
  resetAfterMs: 60 * 60_000,
  drainEveryMs: 2 * 60_000,
};
/**
 * Sign-ups for one email address from anywhere: each sends that inbox a message (the link, or the
 * note that someone tried), so 3 a day and no more: the third starts a wait of a whole day (L3 of the
 * fifth audit: doubling delays from 10 minutes let about 28 through a day;
 * docs/decisions/0282-every-way-to-pay-waits-for-a-protection.md).
 */
export const SIGNUP_ADDRESS_POLICY: AttemptPolicy = {
  freeAttempts: 3,
  baseDelayMs: 24 * 60 * 60_000,
  maxDelayMs: 24 * 60 * 60_000,
  resetAfterMs: 24 * 60 * 60_000,
};

/**
 * Emails a person can have sent to one address on request (a password reset, the verification
 * link again), from anywhere: 3 an hour and 5 a day, so nobody can flood an inbox through us
 * (docs/decisions/0203-reset-mail-capped-per-address.md).
 */
export const MAIL_ADDRESS_HOURLY_POLICY: AttemptPolicy = { freeAttempts: 3, baseDelayMs: 60 * 60_000, maxDelayMs: 60 * 60_000, resetAfterMs: 60 * 60_000 };
export const MAIL_ADDRESS_DAILY_POLICY: AttemptPolicy = {
  freeAttempts: 5,
  baseDelayMs: 24 * 60 * 60_000,
  maxDelayMs: 24 * 60 * 60_000,
  resetAfterMs: 24 * 60 * 60_000,
};

/** The subjects of a request that mails `address` (`kind`: which email), hourly then daily. */
export function mailAddressSubjects(kind: 'reset' | 'verify', address: string): Subject[] {
  return [
    { key: `${kind}:addr:h:${address}`, policy: MAIL_ADDRESS_HOURLY_POLICY },
    { key: `${kind}:addr:d:${address}`, policy: MAIL_ADDRESS_DAILY_POLICY },
  ];
}

/** The pure rule: the next state if an attempt at `now` may go ahead, else how long to wait. */
export function decideAttempt(
  current: AttemptState | undefined,
  now: number,
  policy: AttemptPolicy,
): { allowed: true; next: AttemptState } | { allowed: false; retryAfterMs: number } {
  const drained = current && policy.drainEveryMs ? Math.max(0, now - current.lastAt) / policy.drainEveryMs : 0;
  const fresh = !current || now - current.lastAt >= policy.resetAfterMs || current.count - drained <= 0;
  if (!fresh && now < current.nextAt) return { allowed: false, retryAfterMs: current.nextAt - now };
  const count = fresh ? 1 : current.count - drained + 1;
  const over = Math.floor(count) - policy.freeAttempts;
  const delay = over < 0 ? 0 : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** over);
  return { allowed: true, next: { count, lastAt: now, nextAt: now + delay } };
}

/** The answer of every refused attempt. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Try again later.';

/** How many times one request retries a compare-and-set it lost to a concurrent one. */
const MAX_RACES = 12;

export interface Subject {
  key: string;
  policy: AttemptPolicy;
}

/** What taking an attempt wrote, so that it can be put back. */
interface Taken {
  subject: Subject;
  before: AttemptState | undefined;
  version: number;
  at: number;
}

const ttlOf = (subject: Subject, state: AttemptState, at: number) => Math.max(subject.policy.resetAfterMs, state.nextAt - at);

export function makeAttemptLimiter(store: AttemptRepository, now: () => number) {
  async function take(subject: Subject): Promise<Taken> {
    for (let race = 0; race < MAX_RACES; race++) {
      const stored = await store.get(subject.key);
      const at = now();
      const decision = decideAttempt(stored?.state, at, subject.policy);
      if (!decision.allowed) throw new RateLimitedError(TOO_MANY_ATTEMPTS_MESSAGE, decision.retryAfterMs / 1000);
      if (await store.put(subject.key, decision.next, stored?.version, ttlOf(subject, decision.next, at))) {
        return { subject, before: stored?.state, version: (stored?.version ?? 0) + 1, at };
      }
    }
    // Heavy contention on one subject is itself a sign of an attack: refuse rather than evaluate.
    throw new RateLimitedError(TOO_MANY_ATTEMPTS_MESSAGE, 1);
  }

  /** Puts a subject back as it was before `taken`, unless another request wrote since (then one attempt is refunded). */
  async function putBack({ subject, before, version, at }: Taken): Promise<void> {
    const state = before ?? { count: 0, lastAt: at, nextAt: at };
    if (!(await store.put(subject.key, state, version, ttlOf(subject, state, at)))) await store.refund(subject.key);
  }

  return {
    /**
     * Takes one attempt from every subject, in order; throws `RateLimitedError` when one refuses,
     * after putting back the subjects it had already charged (a refused attempt counts nowhere).
     */
    async take(subjects: Subject[]): Promise<void> {
      const taken: Taken[] = [];
      try {
        for (const subject of subjects) taken.push(await take(subject));
      } catch (error) {
        await Promise.all(taken.map(putBack));
        throw error;
      }
    },
    /** How long an attempt on `subject` would wait now (0: it would go through); writes nothing. */
    async wait(subject: Subject): Promise<number> {
      const stored = await store.get(subject.key);
      const decision = decideAttempt(stored?.state, now(), subject.policy);
      return decision.allowed ? 0 : decision.retryAfterMs;
    },
    refund: (subject: Subject) => store.refund(subject.key),
    clear: (subject: Subject) => store.clear(subject.key),
  };
}

export type AttemptLimiter = ReturnType<typeof makeAttemptLimiter>;
