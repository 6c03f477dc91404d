import type { UserRepository } from '../auth/ports.ts';
import { activeBreakUntil, activeExclusionUntil } from '../responsible-gambling/protection.ts';
import type { AlertSilencer } from './ports.ts';

/**
 * Alerts are silenced while a break or a self-exclusion runs (and for an account that is gone):
 * the digest's dispatch and its delivery both ask, so a limit taken in between still stops the mail.
 */
export function protectionSilencer(users: Pick<UserRepository, 'get'>): AlertSilencer {
  return {
    async isSilenced(userId, at) {
      const user = await users.get(userId);
      return !user || Boolean(activeBreakUntil(user, at) ?? activeExclusionUntil(user, at));
    },
  };
}
