import { exportAccount } from '@app/core/auth/export';
import { json } from '@app/platform/http/response';
import { buildContactMessages } from '../../composition/email.ts';
import { buildTrackedBets } from '../../composition/my-bets.ts';
import { buildAlertRepository } from '../../composition/value-bet-alerts.ts';
import { httpRoute } from '../route.ts';

/** "Download my data": the account, its subscriptions, messages, alert settings and tracked bets, as a JSON attachment. */
export const handler = httpRoute(
  { auth: 'user', areas: { contactMessages: buildContactMessages, trackedBets: buildTrackedBets, alertRepository: buildAlertRepository } },
  async ({ contactMessages, trackedBets, alertRepository, principal }, { clock }) => {
    const data = await exportAccount(principal!.user, contactMessages, trackedBets, alertRepository, clock);
    return json(data, { headers: { 'content-disposition': 'attachment; filename="my-football-predictions-data.json"' } });
  },
);
