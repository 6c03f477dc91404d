import { DeleteAccountBodySchema, type DeleteAccountResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildAuth, buildCookie } from '../../composition/auth.ts';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** Needs the password again (throttled like login); cancels any subscription at once, removes the user, its email claim and sessions. */
export const handler = httpRoute(
  { auth: 'user', body: DeleteAccountBodySchema, areas: { auth: buildAuth, cookie: buildCookie, billing: buildBilling } },
  async ({ auth, cookie, billing, body, principal, sourceIp }) => {
    await auth.deleteAccount(principal!, body, { ip: sourceIp }, async (user) => billing.cancelNow(user));
    const response: DeleteAccountResponse = { deleted: true };
    return json(response, { cookies: [cookie.clear()] });
  },
);
