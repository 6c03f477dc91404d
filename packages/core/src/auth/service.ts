import type { ChangePasswordBody, DeleteAccountBody, LoginBody, RegisterBody, User } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { isDomainError, RateLimitedError, UnauthorizedError, ValidationError } from '../errors.ts';
import { noSecurityLog, type SecurityEventType, type SecurityLog } from '../security/events.ts';
import { clientNetwork } from '../security/network.ts';
import type { Viewer } from '../account/viewer.ts';
import type { RequestEmail } from '../email/ports.ts';
import {
  ACCOUNT_POLICY,
  MAIL_NETWORK_POLICY,
  makeAttemptLimiter,
  NETWORK_POLICY,
  SIGNUP_ADDRESS_POLICY,
  TOO_MANY_ATTEMPTS_MESSAGE,
  type AttemptLimiter,
  type AttemptRepository,
  type Subject,
} from '../security/attempts.ts';
import { EmailTakenError } from './errors.ts';
import { assertNotCurrentPassword, type NewPassword } from './password-policy.ts';
import type { PasswordHasher, SessionRecord, SessionRepository, SessionTokens } from './ports.ts';
import type { UserRepository } from '../account/ports.ts';
import { passwordEpochOf, toPublicUser, toViewer, type UserRecord } from '../account/user.ts';
import { TERMS_VERSION } from '@app/contracts/responsible-gambling';
import { activeExclusionUntil } from '../account/protection.ts';
import { SelfExcludedError } from '../account/errors.ts';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, so a busy session does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
/** The one answer to a failed sign-in: a wrong password and an unknown email look alike. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const WRONG_PASSWORD_MESSAGE = 'Current password is incorrect';

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  /** Attempt counters (password checks and sign-ups). */
  attempts: AttemptRepository;
  clock: Clock;
  ids: { user(): string; session(): string };
  /** False in functions that may only read the table: they never write `lastSeenAt`. */
  touchSessions?: boolean;
  security?: SecurityLog;
  /** Queues the email of a sign-up: the verification link, or the note to the owner of a taken address. */
  requestEmail?: RequestEmail;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** Where a request comes from. */
export interface ClientContext {
  ip: string;
}

/**
 * The subjects a password check is counted against, in the order they are taken: the account on
 * the client network first (a refused attempt there never reaches the network's counter), then
 * the network across accounts. The network gets its attempt back when the password was right, so
 * it counts failed checks only (docs/decisions/0151-throttles-that-spare-the-office.md). Guesses
 * at addresses without an account have a network budget of their own (`known: false`), so
 * guesses at made-up addresses never lock a real user's right password on that network
 * (docs/decisions/0204-unknown-accounts-counted-apart.md).
 */
export function passwordSubjects(email: string, network: string, known = true): { account: Subject; network: Subject } {
  return {
    account: { key: `pw:acct:${email}:${network}`, policy: ACCOUNT_POLICY },
    network: { key: known ? `pw:net:${network}` : `pw:net-unknown:${network}`, policy: NETWORK_POLICY },
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
  /** A hash no password matches in practice: an unknown email costs the same check as a known one. */
  const hashOfNobody = () => (dummyHash ??= hasher.hash('not-a-real-password'));

  async function startSession(user: UserRecord): Promise<IssuedSession> {
    const now = clock.now().getTime();
    // Bound to the epoch of the user as read with the password it checked: a reset or change that
    // lands before this write moves the epoch on, and the session never resolves (M1).
    const session: SessionRecord = {
      userId: user.id,
      sessionId: deps.ids.session(),
      passwordEpoch: passwordEpochOf(user),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_ABSOLUTE_MS,
    };
    await sessions.create(session);
    const token = await tokens.sign({ userId: user.id, sessionId: session.sessionId, expiresAt: session.expiresAt });
    return { user: toPublicUser(user, clock), token, expiresAt: session.expiresAt };
  }

  /**
   * A signed-in user's current password, checked under the same limiter as login (a stolen
   * session must not be a way to guess it); a wrong one is a ValidationError about `field`.
   */
  async function checkCurrentPassword(
    resolved: ResolvedSession,
    password: string,
    context: ClientContext,
    on: { throttled: SecurityEventType; failed: SecurityEventType; field: string },
  ): Promise<void> {
    const network = clientNetwork(context.ip);
    const who = { email: resolved.user.email, network, userId: resolved.user.id };
    const subjects = passwordSubjects(resolved.user.email, network);
    await takeLoggedAttempt(limiter, security, [subjects.account, subjects.network], { type: on.throttled, ...who });
    if (!(await hasher.verify(password, resolved.user.passwordHash))) {
      security({ type: on.failed, ...who });
      throw new ValidationError(WRONG_PASSWORD_MESSAGE, { field: on.field });
    }
    await Promise.all([limiter.clear(subjects.account), limiter.refund(subjects.network)]);
  }

  return {
    /**
     * Creates the account, queues its verification link and signs it in (the address is confirmed
     * later; until then the account works, except for what mails it on its own: alerts). A taken
     * address is an `EmailTakenError` (409) whose message offers login and a password reset; its
     * owner also gets a note. The throttles come first, for a new and a taken address alike, and
     * bound what the 409 tells (docs/decisions/0200-sign-up-signs-in.md).
     */
    async register(body: RegisterBody & { password: NewPassword }, context: ClientContext): Promise<IssuedSession> {
      const network = clientNetwork(context.ip);
      await takeLoggedAttempt(
        limiter,
        security,
        [
          { key: `signup:email:${body.email}`, policy: SIGNUP_ADDRESS_POLICY },
          { key: `signup:net:${network}`, policy: MAIL_NETWORK_POLICY },
        ],
        { type: 'signup_throttled', email: body.email, network },
      );
      const taken = async (cause?: unknown) => {
        security({ type: 'signup_requested', email: body.email, network, detail: { taken: true } });
        // A failure to queue does not change the answer.
        await deps
          .requestEmail?.({ template: 'account-exists', email: body.email })
          .catch((error: unknown) => deps.log?.('Could not queue the sign-up email', { error }));
        return new EmailTakenError(cause ? { cause } : undefined);
      };
      // The claim's transaction decides; this read only spares a taken address the hash.
      if (await users.getByEmail(body.email)) throw await taken();
      const now = clock.now().toISOString();
      const user: UserRecord = {
        id: deps.ids.user(),
        email: body.email,
        passwordHash: await hasher.hash(body.password),
        // Never admin: the role is granted by an operator only (see auth/admin-role.ts).
        role: 'user',
        createdAt: now,
        subscriptions: {},
        // The schema let the request through only with both boxes true: what was accepted, and when.
        termsVersion: TERMS_VERSION,
        termsAcceptedAt: now,
        ageConfirmedAt: now,
      };
      try {
        await users.create(user);
      } catch (error) {
        if (error instanceof EmailTakenError) throw await taken(error);
        throw error;
      }
      // A failure to queue does not fail the sign-up: the banner's Resend sends the link again.
      await deps
        .requestEmail?.({ template: 'verify-email', userId: user.id })
        .catch((error: unknown) => deps.log?.('Could not queue the verification email', { userId: user.id, error }));
      security({ type: 'signup_requested', email: body.email, network, userId: user.id, detail: { taken: false } });
      return startSession(user);
    },

    /**
     * Signs in (a confirmed address or not); every failure looks the same and costs the same, for
     * a known and an unknown address alike, also once a network budget refuses (M2,
     * docs/decisions/0281-login-refusals-that-look-alike.md):
     * - the known-accounts budget spent: every login from the network is refused at once, no hash;
     * - only the unknown-addresses budget spent: every login is checked (the same hash work), the
     *   owner's right password goes through (L1), every other one is refused with one answer;
     * - neither: the account on the network, then its own budget, as before.
     */
    async login(body: LoginBody, context: ClientContext): Promise<IssuedSession> {
      const network = clientNetwork(context.ip);
      // The account is looked up first: which network budget the check is charged to depends on it (L1).
      const user = await users.getByEmail(body.email);
      const subjects = passwordSubjects(body.email, network, user !== undefined);
      const budgets = { known: passwordSubjects(body.email, network, true).network, unknown: passwordSubjects(body.email, network, false).network };
      // Both budgets read for every address, so which one refuses never depends on the account.
      const [knownWait, unknownWait] = await Promise.all([limiter.wait(budgets.known), limiter.wait(budgets.unknown)]);
      const refused = (retryAfterMs: number, event: { type: SecurityEventType; detail?: Record<string, unknown> }) => {
        security({ type: event.type, email: body.email, network, ...(user ? { userId: user.id } : {}), detail: { ...event.detail, networkBudget: true } });
        return new RateLimitedError(TOO_MANY_ATTEMPTS_MESSAGE, retryAfterMs / 1000);
      };
      if (knownWait > 0)
        throw refused(Math.max(knownWait, unknownWait), {
          type: 'login_throttled',
          detail: { retryAfterSeconds: Math.ceil(Math.max(knownWait, unknownWait) / 1000) },
        });
      const spentUnknown = unknownWait > 0;
      // With the unknown budget spent its subject is not taken (it would refuse): the account's own rule still is.
      await takeLoggedAttempt(limiter, security, spentUnknown ? [subjects.account] : [subjects.account, subjects.network], {
        type: 'login_throttled',
        email: body.email,
        network,
      });
      const ok = await hasher.verify(body.password, user?.passwordHash ?? (await hashOfNobody()));
      if (!user || !ok) {
        if (spentUnknown) {
          // A failed check on a real account still counts against the known budget; the answer is the unknown address's.
          if (user) await limiter.take([budgets.known]).catch(() => undefined);
          throw refused(unknownWait, { type: 'login_failed', detail: { knownAccount: user !== undefined } });
        }
        security({ type: 'login_failed', email: body.email, network, ...(user ? { userId: user.id } : { detail: { knownAccount: false } }) });
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      // The owner's attempt is given back to the network, and the account starts afresh there.
      await Promise.all([limiter.clear(subjects.account), spentUnknown ? undefined : limiter.refund(subjects.network)]);
      // Said only to whoever knows the password: the exclusion is the owner's business.
      const excludedUntil = activeExclusionUntil(user, clock.now());
      if (excludedUntil) {
        security({ type: 'login_refused_self_excluded', email: body.email, network, userId: user.id });
        throw new SelfExcludedError(excludedUntil);
      }
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
      // Issued under another password (or before a self-exclusion): over, whatever raced with it.
      if (session.passwordEpoch !== passwordEpochOf(user)) return null;
      // Sessions end when the exclusion starts; one that escaped that (a race) still opens nothing.
      if (activeExclusionUntil(user, clock.now())) return null;
      if (deps.touchSessions !== false && now - session.lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
        await sessions.touch(user.id, session.sessionId, now);
        session.lastSeenAt = now;
      }
      return { viewer: toViewer(user, clock), user, session };
    },

    async logout(resolved: ResolvedSession | null): Promise<void> {
      if (resolved) await sessions.delete(resolved.user.id, resolved.session.sessionId);
    },

    /**
     * The signed-in user's password again, throttled like login (for a step a stolen session must
     * not take alone: self-exclusion); a wrong one is a ValidationError on `password`.
     */
    confirmPassword(
      resolved: ResolvedSession,
      password: string,
      context: ClientContext,
      on: { throttled: SecurityEventType; failed: SecurityEventType },
    ): Promise<void> {
      return checkCurrentPassword(resolved, password, context, { ...on, field: 'password' });
    },

    me(resolved: ResolvedSession): User {
      return toPublicUser(resolved.user, clock);
    },

    /**
     * Requires the current password (throttled like login); moves the password's epoch on, so
     * every other session (and any login still in flight with the old password) is over, while
     * this one is bound to the new epoch; then deletes the other sessions' items.
     */
    async changePassword(
      resolved: ResolvedSession,
      body: ChangePasswordBody & { newPassword: NewPassword },
      context: ClientContext,
    ): Promise<{ endedSessions: number }> {
      await checkCurrentPassword(resolved, body.currentPassword, context, {
        throttled: 'password_change_throttled',
        failed: 'password_change_failed',
        field: 'currentPassword',
      });
      await assertNotCurrentPassword(body.newPassword, resolved.user.passwordHash, hasher, 'newPassword');
      const epoch = await users.setPasswordHash(resolved.user.id, await hasher.hash(body.newPassword), passwordEpochOf(resolved.user));
      await sessions.rebind(resolved.user.id, resolved.session.sessionId, epoch);
      const endedSessions = await sessions.deleteAll(resolved.user.id, resolved.session.sessionId);
      security({
        type: 'password_changed',
        email: resolved.user.email,
        network: clientNetwork(context.ip),
        userId: resolved.user.id,
        detail: { endedSessions },
      });
      return { endedSessions };
    },

    /**
     * Requires the password again (throttled like login: a session left open, or stolen, cannot
     * delete the account), cancels any subscription at once (through the billing side, passed in
     * so only this use case loads the payment provider), then removes the user with its email
     * claim and sessions (docs/decisions/0156-account-deletion-asks-for-the-password.md).
     */
    async deleteAccount(
      resolved: ResolvedSession,
      body: DeleteAccountBody,
      context: ClientContext,
      cancelSubscriptionNow: (user: UserRecord) => Promise<void>,
    ): Promise<void> {
      await checkCurrentPassword(resolved, body.password, context, {
        throttled: 'account_delete_throttled',
        failed: 'account_delete_failed',
        field: 'password',
      });
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      if (Object.keys(user.subscriptions).length > 0 || user.stripeCustomerId || user.openCheckout) await cancelSubscriptionNow(user);
      await users.delete(user);
      security({ type: 'account_deleted', userId: user.id, email: user.email, network: clientNetwork(context.ip) });
    },
  };
}

export type AuthService = ReturnType<typeof makeAuthService>;
