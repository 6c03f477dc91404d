import { RegisterBodySchema, type UserResponse } from '@app/contracts/auth';
import { assertNotCommonPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { authService, cookie } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** Creates the account and signs it in. */
export const handler = httpRoute({ auth: 'public', body: RegisterBodySchema }, async ({ body }, { clock }) => {
  assertNotCommonPassword(body.password, 'password');
  const issued = await (await authService()).register(body);
  const response: UserResponse = { user: issued.user };
  return json(response, { status: 201, cookies: [(await cookie()).set(issued.token, issued.expiresAt, clock.now().getTime())] });
});
