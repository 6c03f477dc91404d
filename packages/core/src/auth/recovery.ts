import type { PasswordResetConfirmBody } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { ValidationError } from '../errors.ts';
import type { RequestEmail } from '../email/ports.ts';
import { noSecurityLog, type SecurityLog } from '../security/events.ts';
import { clientNetwork } from '../security/network.ts';
import { ACCOUNT_POLICY, MAIL_NETWORK_POLICY, mailAddressSubjects, makeAttemptLimiter, NETWORK_POLICY, type AttemptRepository } from '../security/attempts.ts';
import { makeOneTimeTokens, type OneTimeTokenRepository } from './one-time-tokens.ts';
import { assertNotCurrentPassword, type NewPassword } from './password-policy.ts';
import type { PasswordHasher, SessionRepository } from './ports.ts';
import type { UserRepository } from '../account/ports.ts';
import { takeLoggedAttempt, type ClientContext } from './service.ts';
import { passwordEpochOf, type UserRecord } from '../account/user.ts';

export const INVALID_LINK_MESSAGE = 'This link is invalid, already used or expired. Ask for a new one.';

export interface RecoveryServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  attempts: AttemptRepository;
  tokens: OneTimeTokenRepository;
  requestEmail: RequestEmail;
  clock: Clock;
  security?: SecurityLog;
}

/**
 * Email verification and password reset through single-use emailed links
 * (docs/decisions/0080-single-use-email-tokens.md).
 */
export function makeRecoveryService(deps: RecoveryServiceDeps) {
  const { users, clock } = deps;
  const security = deps.security ?? noSecurityLog;
  const now = () => clock.now().getTime();
  const limiter = makeAttemptLimiter(deps.attempts, now);
  const tokens = makeOneTimeTokens(deps.tokens, now);

  return {
    /**
     * The verification link again, to the signed-in user's own address (nothing when it is
     * confirmed already); capped per address like a reset, and per network.
     */
    async resendVerification(user: UserRecord, context: ClientContext): Promise<void> {
      if (user.emailVerifiedAt) return;
      const network = clientNetwork(context.ip);
      await takeLoggedAttempt(
        limiter,
        security,
        [...mailAddressSubjects('verify', user.email), { key: `verify:net:${network}`, policy: MAIL_NETWORK_POLICY }],
        {
          type: 'verification_email_throttled',
          email: user.email,
          network,
          userId: user.id,
        },
      );
      await deps.requestEmail({ template: 'verify-email', userId: user.id });
    },

    async verifyEmail(token: string): Promise<void> {
      const userId = await tokens.consume(token, 'verify-email');
      if (!userId || !(await users.get(userId))) throw new ValidationError(INVALID_LINK_MESSAGE);
      await users.markEmailVerified(userId, clock.now().toISOString());
      security({ type: 'email_verified', userId });
    },

    /**
     * Queues the reset email whatever the address: whether the account exists is only learnt by
     * the email consumer, so this answers the same, in the same time, for every email.
     */
    async requestPasswordReset(email: string, context: ClientContext): Promise<void> {
      const network = clientNetwork(context.ip);
      // Subjects of their own, so asking for a reset never delays the owner's login: the address
      // from anywhere (3 an hour, 5 a day: L2), then the account on this network, then the
      // network, so a refused request never reaches the counters after it.
      const subjects = [
        ...mailAddressSubjects('reset', email),
        { key: `reset:acct:${email}:${network}`, policy: ACCOUNT_POLICY },
        { key: `reset:net:${network}`, policy: MAIL_NETWORK_POLICY },
      ];
      await takeLoggedAttempt(limiter, security, subjects, { type: 'password_reset_throttled', email, network });
      await deps.requestEmail({ template: 'password-reset', email });
      security({ type: 'password_reset_requested', email, network });
    },

    /**
     * Sets the new password (the password policy, current password included, checked before the
     * link is used up, so a refused password keeps it), ends every session of the user and burns
     * the token.
     */
    async confirmPasswordReset(body: PasswordResetConfirmBody & { password: NewPassword }, context: ClientContext): Promise<{ endedSessions: number }> {
      const network = clientNetwork(context.ip);
      await takeLoggedAttempt(limiter, security, [{ key: `reset-confirm:net:${network}`, policy: NETWORK_POLICY }], {
        type: 'password_reset_throttled',
        network,
      });
      const invalid = () => {
        security({ type: 'password_reset_failed', network });
        return new ValidationError(INVALID_LINK_MESSAGE);
      };
      const holder = await tokens.check(body.token, 'password-reset');
      const current = holder ? await users.get(holder) : undefined;
      if (!current) throw invalid();
      await assertNotCurrentPassword(body.password, current.passwordHash, deps.hasher, 'password');
      const userId = await tokens.consume(body.token, 'password-reset');
      const user = userId ? await users.get(userId) : undefined;
      if (!user) throw invalid();
      // The epoch moves on with the hash: every session, and any login still in flight with the
      // old password, is over (M1); the items are then deleted.
      await users.setPasswordHash(user.id, await deps.hasher.hash(body.password), passwordEpochOf(user));
      const endedSessions = await deps.sessions.deleteAll(user.id);
      // The link reached the inbox, which proves the address as well as the verification link does.
      if (!user.emailVerifiedAt) await users.markEmailVerified(user.id, clock.now().toISOString());
      security({ type: 'password_reset_completed', email: user.email, network, userId: user.id, detail: { endedSessions } });
      return { endedSessions };
    },
  };
}

export type RecoveryService = ReturnType<typeof makeRecoveryService>;
