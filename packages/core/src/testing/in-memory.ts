// In-memory implementations of the auth and billing ports, for core's unit tests. The DynamoDB
// adapters are tested against DynamoDB Local with the same behaviours.
import type { AttemptState, AttemptRepository, StoredAttempts } from '../security/attempts.ts';
import type { PasswordHasher, SessionClaims, SessionRecord, SessionRepository, SessionTokens } from '../auth/ports.ts';
import type { RoleChange, UserRepository } from '../account/ports.ts';
import type { NewPassword } from '../auth/password-policy.ts';
import type { AuthService, IssuedSession } from '../auth/service.ts';
import { EmailTakenError, PasswordChangedMeanwhileError } from '../auth/errors.ts';
import { BreakCannotBeShortenedError } from '../responsible-gambling/errors.ts';
import type { OpenCheckout, Role, UserRecord } from '../account/user.ts';
import type { SubscriptionState } from '../account/entitlement.ts';
import type { SaveOutcome, SubscriptionRepository } from '../billing/ports.ts';

export class InMemoryUsers implements UserRepository {
  readonly byId = new Map<string, UserRecord>();
  readonly claims = new Map<string, string>();
  async create(user: UserRecord) {
    if (this.claims.has(user.email)) throw new EmailTakenError();
    this.claims.set(user.email, user.id);
    this.byId.set(user.id, structuredClone(user));
  }
  async get(id: string) {
    const u = this.byId.get(id);
    return u && structuredClone(u);
  }
  async getByEmail(email: string) {
    const u = [...this.byId.values()].find((x) => x.email === email);
    return u && structuredClone(u);
  }
  async setPasswordHash(id: string, passwordHash: string, expectedEpoch: number) {
    const user = this.byId.get(id)!;
    if ((user.passwordEpoch ?? 0) !== expectedEpoch) throw new PasswordChangedMeanwhileError();
    Object.assign(user, { passwordHash, passwordEpoch: expectedEpoch + 1 });
    return expectedEpoch + 1;
  }
  async markEmailVerified(id: string, at: string) {
    this.byId.get(id)!.emailVerifiedAt = at;
  }
  readonly roleChanges: RoleChange[] = [];
  async setRole(id: string, role: Role, change: RoleChange) {
    this.byId.get(id)!.role = role;
    this.roleChanges.push(change);
  }
  async startBreak(id: string, startedAt: string, until: string) {
    const user = this.byId.get(id)!;
    if (user.breakUntil && user.breakUntil >= until) throw new BreakCannotBeShortenedError(user.breakUntil);
    Object.assign(user, { breakStartedAt: startedAt, breakUntil: until });
  }
  async selfExclude(id: string, at: string, until: string) {
    const user = this.byId.get(id)!;
    if (!user.selfExcludedUntil || user.selfExcludedUntil < until)
      Object.assign(user, { selfExcludedAt: at, selfExcludedUntil: until, passwordEpoch: (user.passwordEpoch ?? 0) + 1 });
  }
  async linkCustomer(id: string, customerId: string) {
    this.byId.get(id)!.stripeCustomerId = customerId;
  }
  async findByCustomer(customerId: string) {
    const u = [...this.byId.values()].find((x) => x.stripeCustomerId === customerId);
    return u && structuredClone(u);
  }
  async delete(user: UserRecord) {
    this.byId.delete(user.id);
    this.claims.delete(user.email);
  }
}

export class InMemorySessions implements SessionRepository {
  readonly items = new Map<string, SessionRecord>();
  constructor(private readonly users: InMemoryUsers) {}
  async create(s: SessionRecord) {
    this.items.set(`${s.userId}/${s.sessionId}`, { ...s });
  }
  async getWithUser(userId: string, sessionId: string) {
    const session = this.items.get(`${userId}/${sessionId}`);
    return { session: session && { ...session }, user: await this.users.get(userId) };
  }
  async touch(userId: string, sessionId: string, lastSeenAt: number) {
    const s = this.items.get(`${userId}/${sessionId}`);
    if (s) s.lastSeenAt = lastSeenAt;
  }
  async rebind(userId: string, sessionId: string, passwordEpoch: number) {
    const s = this.items.get(`${userId}/${sessionId}`);
    if (s) s.passwordEpoch = passwordEpoch;
  }
  async delete(userId: string, sessionId: string) {
    this.items.delete(`${userId}/${sessionId}`);
  }
  async deleteAll(userId: string, keep?: string) {
    let n = 0;
    for (const [k, s] of this.items) {
      if (s.userId === userId && s.sessionId !== keep) {
        this.items.delete(k);
        n++;
      }
    }
    return n;
  }
}

/** Not a password hash: a transparent stand-in so core tests run fast. */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain$${p}`,
  verify: async (p, stored) => stored === `plain$${p}`,
};

/** Not a signature: a transparent token for core tests (the jose adapter has its own tests). */
export const plainTokens: SessionTokens = {
  sign: async (c: SessionClaims) => Buffer.from(JSON.stringify(c)).toString('base64url'),
  verify: async (t: string) => {
    try {
      return JSON.parse(Buffer.from(t, 'base64url').toString()) as SessionClaims;
    } catch {
      return null;
    }
  },
};

export class InMemoryAttempts implements AttemptRepository {
  readonly items = new Map<string, StoredAttempts>();
  async get(subject: string) {
    const item = this.items.get(subject);
    return item && structuredClone(item);
  }
  async put(subject: string, state: AttemptState, expected: number | undefined) {
    if (this.items.get(subject)?.version !== expected) return false;
    this.items.set(subject, { state: { ...state }, version: (expected ?? 0) + 1 });
    return true;
  }
  async refund(subject: string) {
    const item = this.items.get(subject);
    if (item && item.state.count > 0) this.items.set(subject, { state: { ...item.state, count: item.state.count - 1 }, version: item.version + 1 });
  }
  async clear(subject: string) {
    this.items.delete(subject);
  }
}

export class InMemorySubscriptions implements SubscriptionRepository {
  readonly events = new Set<string>();
  readonly lastEventCreated = new Map<string, number>();
  constructor(private readonly users: InMemoryUsers) {}
  async saveSubscription(userId: string, state: SubscriptionState, event?: { id: string; created: number }): Promise<SaveOutcome> {
    if (event && this.events.has(event.id)) return 'duplicate';
    if (event && (this.lastEventCreated.get(state.id) ?? -Infinity) > event.created) return 'stale';
    const u = this.users.byId.get(userId);
    if (!u) throw new Error(`No user ${userId}`);
    if (event) {
      this.events.add(event.id);
      this.lastEventCreated.set(state.id, event.created);
    }
    u.subscriptions[state.id] = { ...state };
    return 'saved';
  }
  async setOpenCheckout(userId: string, checkout: OpenCheckout, previousId: string | null) {
    const u = this.users.byId.get(userId)!;
    if ((u.openCheckout?.id ?? null) !== previousId) return false;
    u.openCheckout = { ...checkout };
    return true;
  }
  async markEventProcessed(eventId: string) {
    if (this.events.has(eventId)) return false;
    this.events.add(eventId);
    return true;
  }
}

export function sequentialIds(prefix: string) {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/**
 * Signs up (which signs in) and confirms the address as the emailed link does: a session for
 * core's tests (the password policy's list is the handlers' part, tested in password-policy.test.ts).
 */
export async function signedUp(auth: AuthService, users: UserRepository, creds: { email: string; password: string }, ip = '1.1.1.1'): Promise<IssuedSession> {
  const issued = await auth.register({ ...creds, password: creds.password as NewPassword, acceptTerms: true, confirmAge: true }, { ip });
  await users.markEmailVerified(issued.user.id, '2026-01-01T00:00:00.000Z');
  return { ...issued, user: { ...issued.user, emailVerified: true } };
}
