import { EmptyBodySchema, type OkResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildAuth, buildCookie } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** Ends the server-side session (the cookie alone no longer works) and clears the cookie. */
export const handler = httpRoute(
  { auth: 'viewer', body: EmptyBodySchema, areas: { auth: buildAuth, cookie: buildCookie } },
  async ({ auth, cookie, principal }) => {
    await auth.logout(principal);
    const response: OkResponse = { ok: true };
    return json(response, { cookies: [cookie.clear()] });
  },
);
