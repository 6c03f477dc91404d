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

export interface OneTimeTokenStore {
  /** Writes the user's token for `purpose`, replacing any earlier one. */
  put(token: StoredToken): Promise<void>;
  /** Deletes the token if its hash matches and it has not expired at `now`; true when it did. */
  consume(userId: string, purpose: TokenPurpose, secretHash: string, now: number): Promise<boolean>;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function makeOneTimeTokens(store: OneTimeTokenStore, now: () => number) {
  return {
    async issue(userId: string, purpose: TokenPurpose): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      await store.put({ userId, purpose, secretHash: hashSecret(secret), expiresAt: now() + TOKEN_LIFETIME_MS[purpose] });
      return `${userId}.${secret}`;
    },
    /** The user whose token this was, or undefined for anything invalid, used or expired. */
    async consume(token: string, purpose: TokenPurpose): Promise<string | undefined> {
      const match = /^([0-9A-Za-z]{1,64})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, userId, secret] = match as unknown as [string, string, string];
      return (await store.consume(userId, purpose, hashSecret(secret), now())) ? userId : undefined;
    },
  };
}

export type OneTimeTokens = ReturnType<typeof makeOneTimeTokens>;
