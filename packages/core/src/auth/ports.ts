import type { SubscriptionState } from '../billing/entitlement.ts';
import type { Role, UserRecord } from './user.ts';

export interface UserRepository {
  /**
   * Claims an email for a user being created, before the costly password hash: throws
   * `EmailTakenError` when another account (or a recent pending claim) holds it.
   */
  claimEmail(email: string, userId: string): Promise<void>;
  /** Releases a pending claim of ours (the registration failed). */
  releaseEmail(email: string, userId: string): Promise<void>;
  /** Writes the user and confirms its email claim in one transaction. */
  create(user: UserRecord): Promise<void>;
  get(userId: string): Promise<UserRecord | undefined>;
  /** Strongly consistent lookup through the email claim. */
  getByEmail(email: string): Promise<UserRecord | undefined>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** Records that the owner proved the address (`at`: ISO-8601 UTC). */
  markEmailVerified(userId: string, at: string): Promise<void>;
  setRole(userId: string, role: Role): Promise<void>;
  /** Links a payment-provider customer to the user (customer -> user lookup included). */
  linkCustomer(userId: string, customerId: string): Promise<void>;
  findByCustomer(customerId: string): Promise<UserRecord | undefined>;
  /** Removes the user, its email claim, sessions, subscriptions, tokens, contact messages and customer link. */
  delete(user: UserRecord): Promise<void>;
}

export interface SessionRecord {
  userId: string;
  sessionId: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute end of the session (epoch ms); also the item's TTL. */
  expiresAt: number;
}

export interface SessionRepository {
  create(session: SessionRecord): Promise<void>;
  /** The session and its user in one round trip. */
  getWithUser(userId: string, sessionId: string): Promise<{ session?: SessionRecord; user?: UserRecord }>;
  touch(userId: string, sessionId: string, lastSeenAt: number): Promise<void>;
  delete(userId: string, sessionId: string): Promise<void>;
  /** Ends every session of the user except `keepSessionId`. Returns how many ended. */
  deleteAll(userId: string, keepSessionId?: string): Promise<number>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export interface SessionClaims {
  userId: string;
  sessionId: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** Signs and verifies the cookie's token (algorithm, issuer, audience and expiry checked). */
export interface SessionTokens {
  sign(claims: SessionClaims): Promise<string>;
  /** Null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<SessionClaims | null>;
}

export type { SubscriptionState };
