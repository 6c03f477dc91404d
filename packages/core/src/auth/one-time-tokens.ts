import { createHash, randomBytes } from 'node:crypto';

/**
 * Single-use tokens sent by email (docs/decisions/0080-single-use-email-tokens.md). The link
 * carries `<userId>.<secret>`; the store keeps only the SHA-256 of the 256-bit secret, one live
 * token per user and purpose (issuing one replaces the previous), and consumption is one
 * conditional delete: the token dies on first use, and a leaked table never yields a working link.
 */
export type TokenPurpose = 'verify-email' | 'password-reset';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'password-reset': 30 * 60 * 1000,
};

export interface StoredToken {
  userId: string;
  purpose: TokenPurpose;
  secretHash: string;
  /** Epoch ms; also the item's TTL. */
  expiresAt: number;
}

export interface OneTimeTokenRepository {
  /** Writes the user's token for `purpose`, replacing any earlier one. */
  put(token: StoredToken): Promise<void>;
  /** Deletes the token if its hash matches and it has not expired at `now`; true when it did. */
  consume(userId: string, purpose: TokenPurpose, secretHash: string, now: number): Promise<boolean>;
  /** True when the token's hash matches and it has not expired at `now` (strongly consistent read; nothing changes). */
  isLive(userId: string, purpose: TokenPurpose, secretHash: string, now: number): Promise<boolean>;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function parseToken(token: string): { userId: string; secret: string } | undefined {
  const match = /^([0-9A-Za-z]{1,64})\.([\w-]{43})$/.exec(token);
  return match ? { userId: match[1]!, secret: match[2]! } : undefined;
}

export function makeOneTimeTokens(store: OneTimeTokenRepository, now: () => number) {
  return {
    async issue(userId: string, purpose: TokenPurpose): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      await store.put({ userId, purpose, secretHash: hashSecret(secret), expiresAt: now() + TOKEN_LIFETIME_MS[purpose] });
      return `${userId}.${secret}`;
    },
    /** The user whose token this was, or undefined for anything invalid, used or expired. */
    async consume(token: string, purpose: TokenPurpose): Promise<string | undefined> {
      const parts = parseToken(token);
      return parts && (await store.consume(parts.userId, purpose, hashSecret(parts.secret), now())) ? parts.userId : undefined;
    },
    /**
     * The user whose token this is while it is live, without using it up: a request that the
     * user must correct (a refused new password) keeps its link.
     */
    async check(token: string, purpose: TokenPurpose): Promise<string | undefined> {
      const parts = parseToken(token);
      return parts && (await store.isLive(parts.userId, purpose, hashSecret(parts.secret), now())) ? parts.userId : undefined;
    },
  };
}

export type OneTimeTokens = ReturnType<typeof makeOneTimeTokens>;
