import type { SubscriptionState } from '../billing/entitlement.ts';
import type { Role, UserRecord } from './user.ts';

export interface UserRepository {
  /**
   * Writes the user and claims its email in one transaction: throws `EmailTakenError` when the
   * email already has an account (uniqueness rests on the conditional write, never on a read).
   */
  create(user: UserRecord): Promise<void>;
  get(userId: string): Promise<UserRecord | undefined>;
  /** Strongly consistent lookup through the email claim. */
  getByEmail(email: string): Promise<UserRecord | undefined>;
  /**
   * Sets the hash and moves the password's epoch on by one (every session bound to the old one
   * stops resolving), only if the epoch is still `expectedEpoch` (a compare-and-set: two changes
   * cannot both think they won); in the same write, revokes the user's pending password-reset link.
   * Returns the new epoch; `PasswordChangedMeanwhileError` when another change came first.
   */
  setPasswordHash(userId: string, passwordHash: string, expectedEpoch: number): Promise<number>;
  /** Records that the owner proved the address (`at`: ISO-8601 UTC). */
  markEmailVerified(userId: string, at: string): Promise<void>;
  /** Sets the role and writes its record (`change`) in the same transaction: no role changes without a trace. */
  setRole(userId: string, role: Role, change: RoleChange): Promise<void>;
  /**
   * Starts a break (ISO-8601 UTC instants) only if it ends later than the one stored: throws
   * `BreakCannotBeShortenedError` with the stored end otherwise (a conditional write, so two
   * requests cannot shorten a break between them).
   */
  startBreak(userId: string, startedAt: string, until: string): Promise<void>;
  /**
   * Records a self-exclusion (ISO-8601 UTC); a later end never gives way to an earlier one. Moves
   * the password's epoch on, so no session from before survives it.
   */
  selfExclude(userId: string, at: string, until: string): Promise<void>;
  /** Links a payment-provider customer to the user (customer -> user lookup included). */
  linkCustomer(userId: string, customerId: string): Promise<void>;
  findByCustomer(customerId: string): Promise<UserRecord | undefined>;
  /** Removes the user, its email claim, sessions, subscriptions, tokens, contact messages and customer link. */
  delete(user: UserRecord): Promise<void>;
}

/**
 * One change of a role, written by `changeRole` (admin-role.ts) in the table of the stage it
 * happened on, beside the role itself: who made it, whom it changed, when, and from where
 * (docs/decisions/0155-role-changes-audited-on-the-stage.md).
 */
export interface RoleChange {
  id: string;
  /** ISO-8601 UTC. */
  at: string;
  type: 'role_granted' | 'role_revoked';
  userId: string;
  email: string;
  /** The operator: their login on the machine that ran the command (and the AWS profile on a stage). */
  actor: string;
  /** Where the command ran: the machine's host name and the command. */
  origin: string;
}

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

export type { SubscriptionState };
