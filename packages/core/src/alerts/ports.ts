import type { AlertSettings } from '@app/contracts/alerts';

export interface StoredAlertSettings extends AlertSettings {
  updatedAt: string;
}

/** A subscriber's alert settings, beside their account (deleted with it). */
export interface AlertStore {
  get(userId: string): Promise<StoredAlertSettings | undefined>;
  put(userId: string, settings: StoredAlertSettings): Promise<void>;
  /** Every user whose alerts are not off. */
  listActive(): Promise<Array<{ userId: string; settings: StoredAlertSettings }>>;
  /**
   * Records that `userId` was sent the digest of `runKey`: true the first time only, so a retried or repeated
   * dispatch never emails twice (kept until `expiresAt`).
   */
  claimDelivery(runKey: string, userId: string, expiresAt: Date): Promise<boolean>;
}

/** Signs and checks the token of a one-click unsubscribe link (no session needed: the token is the authority). */
export interface UnsubscribeTokens {
  sign(userId: string): string;
  /** The user the token was signed for; null for a forged or damaged token. */
  verify(token: string): string | null;
}
