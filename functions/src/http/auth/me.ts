import type { UserResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildAuth } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** The signed-in user; 401 when there is none. */
export const handler = httpRoute({ auth: 'user', areas: { auth: buildAuth } }, async ({ auth, principal }) => {
  const response: UserResponse = { user: auth.me(principal!) };
  return json(response);
});
