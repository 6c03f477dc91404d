import { EmptyBodySchema } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** "Manage billing": a customer-portal session of the caller's own customer; `{ url }`, back to /account. */
export const handler = httpRoute({ auth: 'user', body: EmptyBodySchema, areas: { billing: buildBilling } }, async ({ billing, principal }) =>
  json(await billing.createPortalSession(principal!)),
);
