import type { RoleChange } from '../account/ports.ts';
import type { UserRecord } from '../account/user.ts';

/** The role changes of a stage, newest first. */
export interface RoleChangeLog {
  listRoleChanges(limit: number): Promise<RoleChange[]>;
}

export interface SessionRecord {
  userId: string;
  sessionId: string;
  /**
   * The user's password epoch when the session was issued (`UserRecord.passwordEpoch`); a session
   * resolves only while they are equal (docs/decisions/0201-sessions-bound-to-the-password.md).
   */
  passwordEpoch: number;
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
  /** Binds an existing session to a new password epoch (the session that changed the password keeps going). */
  rebind(userId: string, sessionId: string, passwordEpoch: number): Promise<void>;
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
