/**
 * The account: the stored user and the store every area reads it through. Auth, billing, email,
 * alerts and responsible-gambling depend on this area, never the reverse
 * (docs/decisions/0260-core-areas-depend-one-way.md).
 */
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
 * One change of a role, written by `changeRole` (auth/admin-role.ts) in the table of the stage it
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
