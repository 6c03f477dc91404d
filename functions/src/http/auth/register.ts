import { RegisterBodySchema, type UserResponse } from '@app/contracts/auth';
import { acceptNewPassword } from '@app/core/auth/password-policy';
import { json } from '@app/platform/http/response';
import { buildAuth, buildCookie } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/**
 * Creates the account, emails its verification link and signs it in: 201 with the user and the
 * session cookie. A taken address is a 409 whose message offers login and a password reset.
 * Throttled per address and per client network (docs/decisions/0200-sign-up-signs-in.md).
 */
export const handler = httpRoute(
  { auth: 'public', body: RegisterBodySchema, areas: { auth: buildAuth, cookie: buildCookie } },
  async ({ auth, cookie, body, sourceIp }, { clock }) => {
    const issued = await auth.register({ ...body, password: acceptNewPassword(body.password, 'password') }, { ip: sourceIp });
    const response: UserResponse = { user: issued.user };
    return json(response, { status: 201, cookies: [cookie.set(issued.token, issued.expiresAt, clock.now().getTime())] });
  },
);
