import type { UserResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { authService } from '../../composition/auth.ts';
import { httpRoute } from '../route.ts';

/** The signed-in user; 401 when there is none. */
export const handler = httpRoute({ auth: 'user' }, async ({ principal }) => {
  const response: UserResponse = { user: (await authService()).me(principal!) };
  return json(response);
});
