import { NotFoundError } from '../errors.ts';
import type { SecurityLog } from '../security/events.ts';
import type { UserRepository } from './ports.ts';
import type { Role, UserRecord } from './user.ts';

/**
 * The only way to change a role: an operator command (`npm run admin -- grant|revoke <email>`).
 * Registration always creates a `user`; nothing a visitor can do proves they own an address.
 */
export async function changeRole(
  users: UserRepository,
  email: string,
  role: Role,
  options: { log: SecurityLog; actor: string },
): Promise<UserRecord> {
  const user = await users.getByEmail(email.trim().toLowerCase());
  if (!user) throw new NotFoundError(`No user with email ${email.trim()}`);
  await users.setRole(user.id, role);
  options.log({ type: role === 'admin' ? 'role_granted' : 'role_revoked', userId: user.id, email: user.email, actor: options.actor });
  return { ...user, role };
}
