import { DeleteAccountBodySchema, type DeleteAccountResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { authService, cookie } from '../../composition/auth.ts';
import { billingService } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** Needs the password again (throttled like login); cancels any subscription at once, removes the user, its email claim and sessions. */
export const handler = httpRoute({ auth: 'user', body: DeleteAccountBodySchema }, async ({ body, principal, sourceIp }) => {
  await (await authService()).deleteAccount(principal!, body, { ip: sourceIp }, async (user) => (await billingService()).cancelNow(user));
  const response: DeleteAccountResponse = { deleted: true };
  return json(response, { cookies: [(await cookie()).clear()] });
});
