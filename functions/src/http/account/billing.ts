import { json } from '@app/platform/http/response';
import { billingService } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** What the caller pays: plan, price, renewal or end date, card on file, latest invoices (docs/product.md#account). */
export const handler = httpRoute({ auth: 'user' }, async ({ principal }) => json(await (await billingService()).overview(principal!)));
