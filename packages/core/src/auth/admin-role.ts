import { ForbiddenError, NotFoundError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { SecurityLog } from '../security/events.ts';
import type { RoleChange, UserRepository } from '../account/ports.ts';
import type { Role, UserRecord } from '../account/user.ts';

export class UnconfirmedAccountError extends ForbiddenError {
  constructor(email: string, options?: ErrorOptions) {
    super(`${email} has not confirmed its email address: the admin role goes only to an account whose owner opened the emailed link`, options);
    this.name = 'UnconfirmedAccountError';
  }
}

export interface ChangeRoleOptions {
  log: SecurityLog;
  actor: string;
  origin: string;
  clock: Clock;
  newId: () => string;
}

/**
 * The only way to change a role: an operator command (`npm run admin -- grant|revoke <email>`).
 * Registration always creates a `user`; the admin role goes only to a confirmed address, and the
 * change and its record are written together.
 */
export async function changeRole(users: UserRepository, email: string, role: Role, options: ChangeRoleOptions): Promise<UserRecord> {
  const user = await users.getByEmail(email.trim().toLowerCase());
  if (!user) throw new NotFoundError(`No user with email ${email.trim()}`);
  if (role === 'admin' && !user.emailVerifiedAt) throw new UnconfirmedAccountError(user.email);
  const change: RoleChange = {
    id: options.newId(),
    at: options.clock.now().toISOString(),
    type: role === 'admin' ? 'role_granted' : 'role_revoked',
    userId: user.id,
    email: user.email,
    actor: options.actor,
    origin: options.origin,
  };
  await users.setRole(user.id, role, change);
  options.log({ type: change.type, userId: user.id, email: user.email, actor: options.actor, detail: { origin: options.origin, changeId: change.id } });
  return { ...user, role };
}
