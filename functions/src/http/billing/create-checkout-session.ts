import { CheckoutBodySchema } from '@app/contracts/billing';
import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** Starts Checkout for the session's user (the body's userId/email are ignored). */
export const handler = httpRoute({ auth: 'user', body: CheckoutBodySchema, areas: { billing: buildBilling } }, async ({ billing, principal }) =>
  json(await billing.createCheckout(principal!)),
);
