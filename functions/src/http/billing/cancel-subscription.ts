import { EmptyBodySchema } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/** Cancels at the end of the paid period; returns when access ends (Unix seconds). */
export const handler = httpRoute({ auth: 'user', body: EmptyBodySchema, areas: { billing: buildBilling } }, async ({ billing, principal }) =>
  json(await billing.cancel(principal!)),
);
