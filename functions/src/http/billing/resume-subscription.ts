import { EmptyBodySchema } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** Resume: undoes a pending cancellation, so the plan renews again; answers the new billing overview. */
export const handler = httpRoute({ auth: 'user', body: EmptyBodySchema, areas: { billing: buildBilling } }, async ({ billing, principal }) =>
  json(await billing.resume(principal!)),
);
