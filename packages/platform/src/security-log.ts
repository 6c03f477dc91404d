import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import type { SecurityEvent, SecurityLog } from '@app/core/security/events';
import { logger } from './logger.ts';

export interface RequestContext {
  requestId: string;
  /** The client network (see core/security/network.ts). */
  network: string;
}

const requests = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with the request's id and client network attached to every security event it logs. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return requests.run(context, fn);
}

/** The marker every security line carries; the infra metric filters match on it. */
export const SECURITY_LOG_MARKER = 'security';

/**
 * Writes security events as structured Powertools log lines: `{"message":"security",
 * "event":"login_failed","requestId":...,"network":...,"emailHash":...}`. The email is replaced by
 * an HMAC-SHA256 under `hashKey` (so lines about one address correlate without naming it); with
 * no key it is left out. Failures and refusals are WARN, the rest INFO.
 */
export function makeSecurityLog(hashKey: () => string | undefined): SecurityLog {
  return (event: SecurityEvent) => {
    const context = requests.getStore();
    const secret = event.email ? hashKey() : undefined;
    // A key of its own, derived from the secret, so log hashes say nothing about the secret.
    const key = secret && createHmac('sha256', secret).update('security-log:email-hash').digest();
    const line = {
      event: event.type,
      ...(context ? { requestId: context.requestId } : {}),
      ...((event.network ?? context?.network) ? { network: event.network ?? context?.network } : {}),
      ...(event.userId ? { userId: event.userId } : {}),
      ...(key && event.email ? { emailHash: createHmac('sha256', key).update(event.email).digest('hex').slice(0, 32) } : {}),
      ...(event.actor ? { actor: event.actor } : {}),
      ...(event.detail ? { detail: event.detail } : {}),
    };
    if (/failed|throttled|rejected|forbidden|orphan/.test(event.type)) logger.warn(SECURITY_LOG_MARKER, line);
    else logger.info(SECURITY_LOG_MARKER, line);
  };
}
