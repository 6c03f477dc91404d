import { buildMetrics } from '../../composition/public-reads.ts';
import { cachedRead } from '../route.ts';

/** The latest metrics, or null before the first metrics run; the same for everyone, so cacheable. */
export const handler = cachedRead({
  auth: 'public',
  areas: { metrics: buildMetrics },
  read: async (_viewer, { metrics }) => metrics.latest(),
  contract: { route: 'GET /api/metrics/latest', schema: async () => (await import('@app/contracts/metrics')).LatestMetricsSchema },
});
