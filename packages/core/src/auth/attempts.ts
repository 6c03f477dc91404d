import { RateLimitedError } from '../errors.ts';

/**
 * Password attempts are counted per subject (an account on one client network, or a client
 * network across accounts) BEFORE the password hash is checked, with a compare-and-set write, so
 * concurrent attempts cannot all slip through between a check and a record. The first
 * `freeAttempts` go through at once; after that each attempt must wait a doubling delay (capped).
 * Refused attempts write nothing, so hammering a subject does not lengthen its wait, and a quiet
 * `resetAfterMs` forgets it. There is no lock an attacker can renew for someone else: the account
 * is only slowed down on the networks that failed, so its owner on another network signs in.
 * (docs/decisions/0032-password-attempt-limiter.md)
 */
export interface AttemptPolicy {
  freeAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A subject with no attempt for this long starts afresh. */
  resetAfterMs: number;
}

export interface AttemptState {
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

/** Counters of password attempts; writes are compare-and-set on `version`. */
export interface AttemptStore {
  get(subject: string): Promise<StoredAttempts | undefined>;
  /** Writes `state` only if the stored version is still `expected` (undefined: no item); false otherwise. */
  put(subject: string, state: AttemptState, expected: number | undefined, ttlMs: number): Promise<boolean>;
  /** Gives back one attempt (the one of a request that turned out to be the owner's). */
  refund(subject: string): Promise<void>;
  clear(subject: string): Promise<void>;
}

export const ACCOUNT_POLICY: AttemptPolicy = { freeAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, resetAfterMs: 15 * 60_000 };
/** A network (an office NAT, an IPv6 /64) tries many accounts legitimately, but not hundreds. */
export const NETWORK_POLICY: AttemptPolicy = { freeAttempts: 20, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, resetAfterMs: 15 * 60_000 };

/** The pure rule: the next state if an attempt at `now` may go ahead, else how long to wait. */
export function decideAttempt(
  current: AttemptState | undefined,
  now: number,
  policy: AttemptPolicy,
): { allowed: true; next: AttemptState } | { allowed: false; retryAfterMs: number } {
  const fresh = !current || now - current.lastAt >= policy.resetAfterMs;
  if (!fresh && now < current.nextAt) return { allowed: false, retryAfterMs: current.nextAt - now };
  const count = fresh ? 1 : current.count + 1;
  const over = count - policy.freeAttempts;
  const delay = over < 0 ? 0 : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** over);
  return { allowed: true, next: { count, lastAt: now, nextAt: now + delay } };
}

/** How many times one request retries a compare-and-set it lost to a concurrent one. */
const MAX_RACES = 12;

export interface Subject {
  key: string;
  policy: AttemptPolicy;
}

export function makeAttemptLimiter(store: AttemptStore, now: () => number) {
  async function take(subject: Subject): Promise<void> {
    for (let race = 0; race < MAX_RACES; race++) {
      const stored = await store.get(subject.key);
      const at = now();
      const decision = decideAttempt(stored?.state, at, subject.policy);
      if (!decision.allowed) throw new RateLimitedError('Too many attempts. Try again later.', decision.retryAfterMs / 1000);
      const ttlMs = Math.max(subject.policy.resetAfterMs, decision.next.nextAt - at);
      if (await store.put(subject.key, decision.next, stored?.version, ttlMs)) return;
    }
    // Heavy contention on one subject is itself a sign of an attack: refuse rather than evaluate.
    throw new RateLimitedError('Too many attempts. Try again later.', 1);
  }

  return {
    /** Takes one attempt from every subject, in order; throws `RateLimitedError` when one refuses. */
    async take(subjects: Subject[]): Promise<void> {
      for (const subject of subjects) await take(subject);
    },
    refund: (subject: Subject) => store.refund(subject.key),
    clear: (subject: Subject) => store.clear(subject.key),
  };
}

export type AttemptLimiter = ReturnType<typeof makeAttemptLimiter>;
