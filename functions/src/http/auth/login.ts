import { LoginBodySchema, type UserResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildAuth, buildCookie } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** Signs in with a new session id (attempts throttled per account on the client network, and per network). */
export const handler = httpRoute(
  { auth: 'public', body: LoginBodySchema, areas: { auth: buildAuth, cookie: buildCookie } },
  async ({ auth, cookie, body, sourceIp }, { clock }) => {
    const issued = await auth.login(body, { ip: sourceIp });
    const response: UserResponse = { user: issued.user };
    return json(response, { cookies: [cookie.set(issued.token, issued.expiresAt, clock.now().getTime())] });
  },
);
