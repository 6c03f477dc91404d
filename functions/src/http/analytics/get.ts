import { AnalyticsQuerySchema } from '@app/contracts/analytics';
import { json } from '@app/platform/http/response';
import { buildAnalytics } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** Premium analytics of a period (30 days by default), a league and a market, from the settled ledger; 401 signed out, 403 unless premium. */
export const handler = httpRoute({ auth: 'user', query: AnalyticsQuerySchema, areas: { analytics: buildAnalytics } }, async ({ analytics, viewer, query }) =>
  json(await analytics.get(viewer, query)),
);
