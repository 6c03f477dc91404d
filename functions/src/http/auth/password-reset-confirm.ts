import { PasswordResetConfirmBodySchema } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { cookie } from '../../composition/auth.ts';
import { recoveryService } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Sets the new password with an emailed single-use token, ends every session (this browser's too). */
export const handler = httpRoute({ auth: 'public', body: PasswordResetConfirmBodySchema }, async ({ body, sourceIp }) => {
  const { endedSessions } = await (await recoveryService()).confirmPasswordReset(body, { ip: sourceIp });
  return json({ endedSessions }, { cookies: [(await cookie()).clear()] });
});
