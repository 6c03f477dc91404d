import { EmptyBodySchema, type OkResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { authService, cookie } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** Ends the server-side session (the cookie alone no longer works) and clears the cookie. */
export const handler = httpRoute({ auth: 'viewer', body: EmptyBodySchema }, async ({ principal }) => {
  await (await authService()).logout(principal);
  const response: OkResponse = { ok: true };
  return json(response, { cookies: [(await cookie()).clear()] });
});
