/** The composition root: accounts, sessions, the origin token and security events. */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { JoseSessionTokens } from '@app/adapters/crypto/jose-session-tokens';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { DynamoAttemptStore } from '@app/adapters/dynamodb/attempt-store';
import { DynamoSessionRepository } from '@app/adapters/dynamodb/session-repository';
import { DynamoUserRepository } from '@app/adapters/dynamodb/user-repository';
import { makeAuthService, type ResolvedSession } from '@app/core/auth/service';
import { makeResponsibleGamblingService } from '@app/core/responsible-gambling/service';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { sessionCookie } from '@app/platform/http/session-cookie';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { makeSecurityLog } from '@app/platform/security-log';
import { base, secretValue } from './base.ts';
import { requestEmail } from './queues.ts';

export const cookie = /* @__PURE__ */ memoAsync(async () => sessionCookie((await base()).config.APP_ORIGIN));

export const userRepository = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoUserRepository(doc, config.TABLE_NAME);
});

/** The session signing key: from the environment locally, from Secrets Manager on AWS (re-read every few minutes). */
export async function sessionSecret(): Promise<string> {
  const { config } = await base();
  const secret = await secretValue(config.SESSION_SECRET, config.SESSION_SECRET_ARN);
  if (!secret) throw new ConfigError('Invalid configuration:\n  - SESSION_SECRET or SESSION_SECRET_ARN: one of them is required');
  return secret;
}

/** The token CloudFront adds as `x-origin-verify`: from the environment locally (tests), from Secrets Manager on AWS. */
export async function originVerifyToken(): Promise<string | undefined> {
  const { config } = await base();
  const token = await secretValue(config.ORIGIN_VERIFY_TOKEN, config.ORIGIN_VERIFY_SECRET_ARN);
  // Deployed without a token, the API would trust any caller's viewer-address header and skip the WAF.
  if (!token && config.STAGE !== 'local') throw new ConfigError('Invalid configuration:\n  - ORIGIN_VERIFY_SECRET_ARN or ORIGIN_VERIFY_TOKEN: required outside the local stack');
  return token;
}

/**
 * Security events (logins, throttles, role changes...). Emails are hashed with a key derived from
 * the session key, so only functions that hold it log an `emailHash`.
 */
export const securityLog = /* @__PURE__ */ memoAsync(async () => {
  const { config } = await base();
  let key = config.SESSION_SECRET;
  if (!key && config.SESSION_SECRET_ARN) key = await sessionSecret().catch(() => undefined);
  return makeSecurityLog(() => key);
});

export const sessionRepository = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoSessionRepository(doc, config.TABLE_NAME);
});

/** Rebuilt when the session key changes, so a rotated key signs and verifies in warm containers too. */
export const authService = /* @__PURE__ */ rebuildOnChange(sessionSecret, async (secret) => {
  const { config, doc, clock } = await base();
  return makeAuthService({
    users: await userRepository(),
    sessions: await sessionRepository(),
    hasher: new ScryptPasswordHasher(),
    tokens: new JoseSessionTokens(secret, config.APP_ORIGIN, `${config.APP_ORIGIN}/api`, () => clock.now()),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    clock,
    ids: { user: () => ulid(), session: () => randomBytes(16).toString('base64url') },
    touchSessions: config.TABLE_ACCESS === 'write',
    security: await securityLog(),
    requestEmail: await requestEmail(),
    log: (message, detail) => logger.warn(message, detail ?? {}),
  });
});

/** Breaks and self-exclusion: the password check is the auth service's (its throttle included). */
export async function responsibleGamblingService() {
  const { clock } = await base();
  const auth = await authService();
  return makeResponsibleGamblingService({ users: await userRepository(), sessions: await sessionRepository(), confirmPassword: auth.confirmPassword, clock, security: await securityLog() });
}

/** The session behind the request's cookie, or null. */
export async function resolveSession(cookies: Record<string, string>): Promise<ResolvedSession | null> {
  const token = (await cookie()).read(cookies);
  if (!token) return null;
  return (await authService()).resolve(token);
}
