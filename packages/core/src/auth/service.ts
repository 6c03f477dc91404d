import type { ChangePasswordBody, LoginBody, RegisterBody, User } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { NotFoundError, RateLimitedError, UnauthorizedError, ValidationError } from '../errors.ts';
import type { Viewer } from '../viewer.ts';
import type { LoginThrottleStore, PasswordHasher, SessionRecord, SessionRepository, SessionTokens, UserRepository } from './ports.ts';
import { toPublicUser, toViewer, type UserRecord } from './user.ts';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, so a busy session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';
/** docs/decisions/0075-passwords-not-common-not-reused.md. */
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  throttle: LoginThrottleStore;
  clock: Clock;
  ids: { user(): string; session(): string };
  /** Emails that become admins when they register. */
  adminEmails: string[];
  /** False in functions that may only read the table: they never write `lastSeenAt`. */
  touchSessions?: boolean;
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

/** Accounts and revocable sessions (ASVS V6/V7; docs/architecture.md#security). */
export function makeAuthService(deps: AuthServiceDeps) {
  const { users, sessions, hasher, tokens, throttle, clock } = deps;
  let dummyHash: Promise<string> | undefined;

  async function startSession(user: UserRecord): Promise<IssuedSession> {
    const now = clock.now().getTime();
    const session: SessionRecord = { userId: user.id, sessionId: deps.ids.session(), createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_ABSOLUTE_MS };
    await sessions.create(session);
    const token = await tokens.sign({ userId: user.id, sessionId: session.sessionId, expiresAt: session.expiresAt });
    return { user: toPublicUser(user, clock), token, expiresAt: session.expiresAt };
  }

  async function assertNotThrottled(keys: string[]): Promise<void> {
    const now = clock.now().getTime();
    for (const key of keys) {
      const recent = (await throttle.failures(key)).filter((t) => t > now - LOGIN_WINDOW_MS).sort((a, b) => a - b);
      if (recent.length >= LOGIN_FAILURE_LIMIT) {
        const oldestThatCounts = recent[recent.length - LOGIN_FAILURE_LIMIT]!;
        const retryAfterSeconds = (oldestThatCounts + LOGIN_WINDOW_MS - now) / 1000;
        throw new RateLimitedError('Too many failed login attempts. Try again later.', retryAfterSeconds);
      }
    }
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
          role: deps.adminEmails.includes(body.email) ? 'admin' : 'user',
          createdAt: clock.now().toISOString(),
        };
        await users.create(user);
        return await startSession(user);
      } catch (error) {
        await users.releaseEmail(body.email, id).catch(() => {});
        throw error;
      }
    },

    async login(body: LoginBody, context: { ip: string }): Promise<IssuedSession> {
      const keys = [`email:${body.email}`, `ip:${context.ip}`];
      await assertNotThrottled(keys);
      const user = await users.getByEmail(body.email);
      // An unknown email costs the same hash as a wrong password and gets the same answer.
      dummyHash ??= hasher.hash('not-a-real-password');
      const ok = user ? await hasher.verify(body.password, user.passwordHash) : (await hasher.verify(body.password, await dummyHash), false);
      if (!user || !ok) {
        const now = clock.now().getTime();
        await Promise.all(keys.map((k) => throttle.recordFailure(k, now, LOGIN_WINDOW_MS)));
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      await throttle.clear(keys[0]!);
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

    /** Requires the current password; ends every other session of the user. */
    async changePassword(resolved: ResolvedSession, body: ChangePasswordBody): Promise<{ endedSessions: number }> {
      if (!(await hasher.verify(body.currentPassword, resolved.user.passwordHash))) {
        throw new ValidationError('Current password is incorrect', { field: 'currentPassword' });
      }
      if (body.newPassword === body.currentPassword) throw new ValidationError(SAME_PASSWORD_MESSAGE, { field: 'newPassword' });
      await users.setPasswordHash(resolved.user.id, await hasher.hash(body.newPassword));
      const endedSessions = await sessions.deleteAll(resolved.user.id, resolved.session.sessionId);
      return { endedSessions };
    },

    /**
     * Cancels any subscription at once (through the billing side, passed in so only this use
     * case loads the payment provider), then removes the user with its email claim and sessions.
     */
    async deleteAccount(resolved: ResolvedSession, cancelSubscriptionNow: (user: UserRecord) => Promise<void>): Promise<void> {
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      if (user.subscription) await cancelSubscriptionNow(user);
      await users.delete(user);
    },

    async grantAdmin(email: string): Promise<UserRecord> {
      const user = await users.getByEmail(email.trim().toLowerCase());
      if (!user) throw new NotFoundError(`No user with email ${email}`);
      await users.setRole(user.id, 'admin');
      return { ...user, role: 'admin' };
    },
  };
}

export type AuthService = ReturnType<typeof makeAuthService>;
