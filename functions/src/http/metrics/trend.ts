import { buildMetrics } from '../../composition/public-reads.ts';
import { cachedRead } from '../route.ts';

/** The last 30 daily entries, oldest first; the same for everyone, so cacheable. */
export const handler = cachedRead({
  auth: 'public',
  areas: { metrics: buildMetrics },
  read: async (_viewer, { metrics }) => metrics.trend(),
  contract: { route: 'GET /api/metrics/trend', schema: async () => (await import('@app/contracts/metrics')).TrendSchema },
});
