import { PasswordResetConfirmBodySchema, type PasswordResetConfirmResponse } from '@app/contracts/auth';
import { acceptNewPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { cookie } from '../../composition/auth.ts';
import { recoveryService } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Sets the new password (the one password policy) with an emailed single-use token, ends every session (this browser's too). */
export const handler = httpRoute({ auth: 'public', body: PasswordResetConfirmBodySchema }, async ({ body, sourceIp }) => {
  const password = acceptNewPassword(body.password, 'password');
  const { endedSessions } = await (await recoveryService()).confirmPasswordReset({ ...body, password }, { ip: sourceIp });
  const response: PasswordResetConfirmResponse = { endedSessions };
  return json(response, { cookies: [(await cookie()).clear()] });
});
