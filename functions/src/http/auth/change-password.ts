import { ChangePasswordBodySchema, type ChangePasswordResponse } from '@app/contracts/auth';
import { acceptNewPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { buildAuth } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** Needs the current password (throttled like login, per account and client network); ends every other session of the user. */
export const handler = httpRoute({ auth: 'user', body: ChangePasswordBodySchema, areas: { auth: buildAuth } }, async ({ auth, body, principal, sourceIp }) => {
  const newPassword = acceptNewPassword(body.newPassword, 'newPassword');
  const { endedSessions } = await auth.changePassword(principal!, { ...body, newPassword }, { ip: sourceIp });
  const response: ChangePasswordResponse = { user: auth.me(principal!), endedSessions };
  return json(response);
});
