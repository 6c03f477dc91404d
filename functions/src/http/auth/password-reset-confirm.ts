import { PasswordResetConfirmBodySchema, type PasswordResetConfirmResponse } from '@app/contracts/auth';
import { acceptNewPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { buildCookie } from '../../composition/auth.ts';
import { buildRecovery } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Sets the new password (the one password policy) with an emailed single-use token, ends every session (this browser's too). */
export const handler = httpRoute(
  { auth: 'public', body: PasswordResetConfirmBodySchema, areas: { cookie: buildCookie, recovery: buildRecovery } },
  async ({ cookie, recovery, body, sourceIp }) => {
    const password = acceptNewPassword(body.password, 'password');
    const { endedSessions } = await recovery.confirmPasswordReset({ ...body, password }, { ip: sourceIp });
    const response: PasswordResetConfirmResponse = { endedSessions };
    return json(response, { cookies: [cookie.clear()] });
  },
);
