import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/**
 * What the caller pays: plan, price, renewal or end date, card on file, latest invoices, read from
 * the payment provider (docs/decisions/0164-billing-overview-from-the-provider.md).
 */
export const handler = httpRoute({ auth: 'user', areas: { billing: buildBilling } }, async ({ billing, principal }) =>
  json(await billing.overview(principal!)),
);
