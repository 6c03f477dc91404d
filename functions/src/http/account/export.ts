import { exportAccount } from '@app/core/auth/export';
import { json } from '@app/platform/http/response';
import { buildContactMessages } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** "Download my data": the account, its subscriptions and messages, as a JSON attachment. */
export const handler = httpRoute({ auth: 'user', areas: { contactMessages: buildContactMessages } }, async ({ contactMessages, principal }, { clock }) => {
  const data = await exportAccount(principal!.user, contactMessages, clock);
  return json(data, { headers: { 'content-disposition': 'attachment; filename="my-football-predictions-data.json"' } });
});
