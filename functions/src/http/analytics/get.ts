import { AnalyticsQuerySchema } from '@app/contracts/analytics';
import { json } from '@app/platform/http/response';
import { analyticsService } from '../../composition/premium.ts';
import { httpRoute } from '../route.ts';

/** The stored premium analytics of a period (30 days by default); 401 signed out, 403 unless premium. */
export const handler = httpRoute({ auth: 'user', query: AnalyticsQuerySchema }, async ({ viewer, query }) =>
  json(await (await analyticsService()).get(viewer, query.period ?? '30')),
);
