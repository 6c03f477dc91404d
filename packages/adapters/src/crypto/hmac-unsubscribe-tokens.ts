import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeTokens } from '@app/core/alerts/ports';
import { sessionKeys } from './session-keys.ts';

/** What this key signs, and nothing else: a session token can never pass for an unsubscribe token, nor the reverse. */
const PURPOSE = 'alerts-unsubscribe/v1';

/**
 * Unsubscribe tokens: `base64url(userId).base64url(HMAC-SHA256(key, userId))`, the key derived from the session key
 * for this one purpose (docs/decisions/0172-value-bet-alerts.md). No expiry: an unsubscribe link must keep working
 * as long as the emails it came with are read. What it can do is one thing, turn the alerts of that user off.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  /** One per session key (a rotation holds several): the first signs, every one verifies. */
  private readonly keys: Buffer[];

  constructor(secret: string) {
    this.keys = sessionKeys(secret).map((k) => createHmac('sha256', k).update(PURPOSE).digest());
  }

  private mac(key: Buffer, userId: string): Buffer {
    return createHmac('sha256', key).update(userId).digest();
  }

  sign(userId: string): string {
    return `${Buffer.from(userId, 'utf8').toString('base64url')}.${this.mac(this.keys[0]!, userId).toString('base64url')}`;
  }

  verify(token: string): string | null {
    const [user, signature, ...rest] = token.split('.');
    if (!user || !signature || rest.length) return null;
    const userId = Buffer.from(user, 'base64url').toString('utf8');
    const sent = Buffer.from(signature, 'base64url');
    const valid = this.keys.some((key) => {
      const expected = this.mac(key, userId);
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    });
    return userId.length > 0 && valid ? userId : null;
  }
}
