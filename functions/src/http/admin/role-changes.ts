import type { RoleChangesResponse } from '@app/contracts/admin';
import { json } from '@app/platform/http/response';
import { buildUsers } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** The admin audit page's list: the last 100 role changes of this stage, newest first. */
export const handler = httpRoute({ auth: 'admin', areas: { users: buildUsers } }, async ({ users }) => {
  const response: RoleChangesResponse = { changes: await users.listRoleChanges(100) };
  return json(response);
});
