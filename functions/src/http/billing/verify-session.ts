import { VerifySessionBodySchema } from '@app/contracts/billing';
import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** After Checkout: syncs the caller's subscription (the browser may arrive before the webhook). */
export const handler = httpRoute({ auth: 'user', body: VerifySessionBodySchema, areas: { billing: buildBilling } }, async ({ billing, body, principal }) =>
  json(await billing.verifySession(principal!, body.sessionId)),
);
