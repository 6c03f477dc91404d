import { metricsService } from '../../composition/public-reads.ts';
import { cachedRead } from '../route.ts';

/** The last 30 daily entries, oldest first; the same for everyone, so cacheable. */
export const handler = cachedRead({
  auth: 'public',
  read: async () => (await metricsService()).trend(),
  contract: { route: 'GET /api/metrics/trend', schema: async () => (await import('@app/contracts/metrics')).TrendSchema },
});
