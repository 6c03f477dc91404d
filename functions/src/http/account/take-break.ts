import { TakeBreakBodySchema } from '@app/contracts/responsible-gambling';
import { json } from '@app/platform/http/response';
import { buildResponsibleGambling } from '../../composition/auth.ts';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/**
 * Take a break: 24 hours, 7 days or 30 days without odds, probabilities or value flags; never
 * shortened (409). Every payment session opened before it ends (the payment provider is loaded here).
 */
export const handler = httpRoute(
  { auth: 'user', body: TakeBreakBodySchema, areas: { responsibleGambling: buildResponsibleGambling, billing: buildBilling } },
  async ({ responsibleGambling, billing, body, principal, sourceIp }) => json(await responsibleGambling.takeBreak(principal!, body, { ip: sourceIp }, billing)),
);
