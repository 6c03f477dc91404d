import { RegisterBodySchema, SIGN_UP_REQUESTED_MESSAGE, type MessageResponse } from '@app/contracts/auth';
import { acceptNewPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { authService } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/**
 * Creates an unconfirmed account and emails its verification link, or emails the owner of a taken
 * address: 202 with the same body either way, and no session (the account signs in once confirmed).
 * Throttled per address and per client network.
 */
export const handler = httpRoute({ auth: 'public', body: RegisterBodySchema }, async ({ body, sourceIp }) => {
  await (await authService()).register({ ...body, password: acceptNewPassword(body.password, 'password') }, { ip: sourceIp });
  const response: MessageResponse = { message: SIGN_UP_REQUESTED_MESSAGE };
  return json(response, { status: 202 });
});
