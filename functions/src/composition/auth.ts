/** The composition root: accounts, sessions, the origin token and security events. */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { JoseSessionTokens } from '@app/adapters/crypto/jose-session-tokens';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { DynamoAttemptRepository } from '@app/adapters/dynamodb/attempt-repository';
import { DynamoSessionRepository } from '@app/adapters/dynamodb/session-repository';
import { DynamoUserRepository } from '@app/adapters/dynamodb/user-repository';
import { makeAuthService, type ResolvedSession } from '@app/core/auth/service';
import { makeResponsibleGamblingService } from '@app/core/responsible-gambling/service';
import { ConfigError } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { sessionCookie } from '@app/platform/http/session-cookie';
import { makeSecurityLog } from '@app/platform/security-log';
import { once, onceAsync, rebuilt, secretValue, type Base } from './base.ts';
import { requestEmail } from './queues.ts';
import { table } from './tables.ts';

/** The session cookie (its name and attributes follow APP_ORIGIN). */
export function buildCookie(base: Base) {
  return once(base, buildCookie, () => sessionCookie(base.config.APP_ORIGIN));
}

/** The accounts (staff lists read them too). */
/** The password hasher, at the base's cost (OWASP's unless a test stack asks for less). */
export function passwordHasher(base: Base): ScryptPasswordHasher {
  return once(base, passwordHasher, () => new ScryptPasswordHasher(base.scryptLogN));
}

export function buildUsers(base: Base): DynamoUserRepository {
  return table(base, DynamoUserRepository);
}

/** The session signing key: from the environment locally, from Secrets Manager on AWS (re-read every few minutes). */
export async function sessionSecret(base: Base): Promise<string> {
  const { config } = base;
  const secret = await secretValue(base, config.SESSION_SECRET, config.SESSION_SECRET_ARN);
  if (!secret) throw new ConfigError('Invalid configuration:\n  - SESSION_SECRET or SESSION_SECRET_ARN: one of them is required');
  return secret;
}

/** The token CloudFront adds as `x-origin-verify`: from the environment locally (tests), from Secrets Manager on AWS. */
export async function originVerifyToken(base: Base): Promise<string | undefined> {
  const { config } = base;
  const token = await secretValue(base, config.ORIGIN_VERIFY_TOKEN, config.ORIGIN_VERIFY_SECRET_ARN);
  // Deployed without a token, the API would trust any caller's viewer-address header and skip the WAF.
  if (!token && config.STAGE !== 'local')
    throw new ConfigError('Invalid configuration:\n  - ORIGIN_VERIFY_SECRET_ARN or ORIGIN_VERIFY_TOKEN: required outside the local stack');
  return token;
}

/**
 * Security events (logins, throttles, role changes...). Emails are hashed with a key derived from
 * the session key, so only functions that hold it log an `emailHash`.
 */
export function securityLog(base: Base) {
  return onceAsync(base, securityLog, async () => {
    const { config } = base;
    let key = config.SESSION_SECRET;
    if (!key && config.SESSION_SECRET_ARN) key = await sessionSecret(base).catch(() => undefined);
    return makeSecurityLog(() => key);
  });
}

/** Rebuilt when the session key changes, so a rotated key signs and verifies in warm containers too. */
export function buildAuth(base: Base) {
  return rebuilt(
    base,
    buildAuth,
    () => sessionSecret(base),
    async (secret) => {
      const { config, clock } = base;
      return makeAuthService({
        users: buildUsers(base),
        sessions: table(base, DynamoSessionRepository),
        hasher: passwordHasher(base),
        tokens: new JoseSessionTokens(secret, config.APP_ORIGIN, `${config.APP_ORIGIN}/api`, () => clock.now()),
        attempts: table(base, DynamoAttemptRepository),
        clock,
        ids: { user: () => ulid(), session: () => randomBytes(16).toString('base64url') },
        touchSessions: config.TABLE_ACCESS === 'write',
        security: await securityLog(base),
        requestEmail: requestEmail(base),
        log: (message, detail) => logger.warn(message, detail ?? {}),
      });
    },
  );
}

/** Breaks and self-exclusion: the password check is the auth service's (its throttle included). */
export async function buildResponsibleGambling(base: Base) {
  const auth = await buildAuth(base);
  return makeResponsibleGamblingService({
    users: buildUsers(base),
    sessions: table(base, DynamoSessionRepository),
    confirmPassword: auth.confirmPassword,
    clock: base.clock,
    security: await securityLog(base),
  });
}

/** The session behind the request's cookie, or null. */
export async function resolveSession(base: Base, cookies: Record<string, string>): Promise<ResolvedSession | null> {
  const token = buildCookie(base).read(cookies);
  if (!token) return null;
  return (await buildAuth(base)).resolve(token);
}
