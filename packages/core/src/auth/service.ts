import type { ChangePasswordBody, LoginBody, RegisterBody, User } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { isDomainError, UnauthorizedError, ValidationError } from '../errors.ts';
import { noSecurityLog, type SecurityEventType, type SecurityLog } from '../security/events.ts';
import { clientNetwork } from '../security/network.ts';
import type { Viewer } from '../viewer.ts';
import type { RequestEmail } from '../email/ports.ts';
import { ACCOUNT_POLICY, makeAttemptLimiter, NETWORK_POLICY, type AttemptLimiter, type AttemptStore, type Subject } from './attempts.ts';
import type { PasswordHasher, SessionRecord, SessionRepository, SessionTokens, UserRepository } from './ports.ts';
import { toPublicUser, toViewer, type UserRecord } from './user.ts';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, so a busy session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';
/** docs/decisions/0075-passwords-not-common-not-reused.md. */
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  /** Password attempt counters (login, change-password and any future password-bearing route). */
  attempts: AttemptStore;
  clock: Clock;
  ids: { user(): string; session(): string };
  /** False in functions that may only read the table: they never write `lastSeenAt`. */
  touchSessions?: boolean;
  security?: SecurityLog;
  /** Queues the verification email after sign-up (a failure to queue never fails the sign-up). */
  requestEmail?: RequestEmail;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** Where a password-bearing request comes from. */
export interface ClientContext {
  ip: string;
}

/**
 * The subjects a password attempt is counted against: the client network across accounts, and
 * the account on that network (so its owner elsewhere is never slowed down by an attacker).
 */
function passwordSubjects(email: string, network: string): { network: Subject; account: Subject } {
  return {
    network: { key: `pw:net:${network}`, policy: NETWORK_POLICY },
    account: { key: `pw:acct:${email}:${network}`, policy: ACCOUNT_POLICY },
  };
}

export interface IssuedSession {
  user: User;
  token: string;
  expiresAt: number;
}

export interface ResolvedSession {
  viewer: Viewer;
  user: UserRecord;
  session: SessionRecord;
}

type AttemptEvent = { type: SecurityEventType; network: string; email?: string; userId?: string };

/** Takes the attempt before any hash is computed (or token checked); a refusal is logged as `event`. */
export async function takeLoggedAttempt(limiter: AttemptLimiter, security: SecurityLog, subjects: Subject[], event: AttemptEvent): Promise<void> {
  try {
    await limiter.take(subjects);
  } catch (error) {
    if (isDomainError(error) && error.kind === 'rate_limited') security({ ...event, detail: { retryAfterSeconds: Math.ceil(error.retryAfterSeconds ?? 0) } });
    throw error;
  }
}

/** Accounts and revocable sessions (ASVS V6/V7; docs/architecture.md#security). */
export function makeAuthService(deps: AuthServiceDeps) {
  const { users, sessions, hasher, tokens, clock } = deps;
  const security = deps.security ?? noSecurityLog;
  const limiter = makeAttemptLimiter(deps.attempts, () => clock.now().getTime());
  let dummyHash: Promise<string> | undefined;

  const takeAttempt = (subjects: { network: Subject; account: Subject }, event: AttemptEvent) => takeLoggedAttempt(limiter, security, [subjects.network, subjects.account], event);

  async function startSession(user: UserRecord): Promise<IssuedSession> {
    const now = clock.now().getTime();
    const session: SessionRecord = { userId: user.id, sessionId: deps.ids.session(), createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_ABSOLUTE_MS };
    await sessions.create(session);
    const token = await tokens.sign({ userId: user.id, sessionId: session.sessionId, expiresAt: session.expiresAt });
    return { user: toPublicUser(user, clock), token, expiresAt: session.expiresAt };
  }

  return {
    async register(body: RegisterBody): Promise<IssuedSession> {
      const id = deps.ids.user();
      // The email is claimed first, so a taken email costs no password hash (and a burst of
      // sign-ups for one email hashes once).
      await users.claimEmail(body.email, id);
      try {
        const user: UserRecord = {
          id,
          email: body.email,
          passwordHash: await hasher.hash(body.password),
          // Never admin: the role is granted by an operator only (see auth/admin-role.ts).
          role: 'user',
          createdAt: clock.now().toISOString(),
          subscriptions: {},
        };
        await users.create(user);
        await deps.requestEmail?.({ template: 'verify-email', userId: id }).catch((error: unknown) => deps.log?.('Could not queue the verification email', { userId: id, error }));
        return await startSession(user);
      } catch (error) {
        await users.releaseEmail(body.email, id).catch(() => {});
        throw error;
      }
    },

    async login(body: LoginBody, context: ClientContext): Promise<IssuedSession> {
      const network = clientNetwork(context.ip);
      const subjects = passwordSubjects(body.email, network);
      await takeAttempt(subjects, { type: 'login_throttled', email: body.email, network });
      const user = await users.getByEmail(body.email);
      // An unknown email costs the same hash as a wrong password and gets the same answer.
      dummyHash ??= hasher.hash('not-a-real-password');
      const ok = user ? await hasher.verify(body.password, user.passwordHash) : (await hasher.verify(body.password, await dummyHash), false);
      if (!user || !ok) {
        security({ type: 'login_failed', email: body.email, network, ...(user ? { userId: user.id } : { detail: { knownAccount: false } }) });
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      // The owner's attempt is given back to the network, and the account starts afresh there.
      await Promise.all([limiter.clear(subjects.account), limiter.refund(subjects.network)]);
      security({ type: 'login_succeeded', email: body.email, network, userId: user.id });
      return startSession(user);
    },

    /** The viewer behind a cookie token, or null when the token or its session is not valid. */
    async resolve(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const { session, user } = await sessions.getWithUser(claims.userId, claims.sessionId);
      if (!session || !user) return null;
      const now = clock.now().getTime();
      if (now >= session.expiresAt || now - session.lastSeenAt >= SESSION_IDLE_MS) return null;
      if (deps.touchSessions !== false && now - session.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
        await sessions.touch(user.id, session.sessionId, now);
        session.lastSeenAt = now;
      }
      return { viewer: toViewer(user, clock), user, session };
    },

    async logout(resolved: ResolvedSession | null): Promise<void> {
      if (resolved) await sessions.delete(resolved.user.id, resolved.session.sessionId);
    },

    me(resolved: ResolvedSession): User {
      return toPublicUser(resolved.user, clock);
    },

    /**
     * Requires the current password, counted by the same limiter as login (a stolen session must
     * not be a way to guess it); ends every other session of the user.
     */
    async changePassword(resolved: ResolvedSession, body: ChangePasswordBody, context: ClientContext): Promise<{ endedSessions: number }> {
      const network = clientNetwork(context.ip);
      const who = { email: resolved.user.email, network, userId: resolved.user.id };
      const subjects = passwordSubjects(resolved.user.email, network);
      await takeAttempt(subjects, { type: 'password_change_throttled', ...who });
      if (!(await hasher.verify(body.currentPassword, resolved.user.passwordHash))) {
        security({ type: 'password_change_failed', ...who });
        throw new ValidationError('Current password is incorrect', { field: 'currentPassword' });
      }
      await limiter.clear(subjects.account);
      if (body.newPassword === body.currentPassword) throw new ValidationError(SAME_PASSWORD_MESSAGE, { field: 'newPassword' });
      await users.setPasswordHash(resolved.user.id, await hasher.hash(body.newPassword));
      const endedSessions = await sessions.deleteAll(resolved.user.id, resolved.session.sessionId);
      security({ type: 'password_changed', ...who, detail: { endedSessions } });
      return { endedSessions };
    },
    /**
     * Cancels any subscription at once (through the billing side, passed in so only this use
     * case loads the payment provider), then removes the user with its email claim and sessions.
     */
    async deleteAccount(resolved: ResolvedSession, cancelSubscriptionNow: (user: UserRecord) => Promise<void>): Promise<void> {
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      if (Object.keys(user.subscriptions).length > 0 || user.stripeCustomerId || user.openCheckout) await cancelSubscriptionNow(user);
      await users.delete(user);
      security({ type: 'account_deleted', userId: user.id, email: user.email });
    },
  };
}

export type AuthService = ReturnType<typeof makeAuthService>;
