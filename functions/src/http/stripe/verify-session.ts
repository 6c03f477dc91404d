import { VerifySessionBodySchema } from '@app/contracts/billing';
import { json } from '@app/platform/http/response';
import { billingService } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** After Checkout: syncs the caller's subscription (the browser may arrive before the webhook). */
export const handler = httpRoute({ auth: 'user', body: VerifySessionBodySchema }, async ({ body, principal }) =>
  json(await (await billingService()).verifySession(principal!, body.sessionId)),
);
