import { buildPredictions } from '../../composition/public-reads.ts';
import { cachedRead } from '../route.ts';

/**
 * Today's and upcoming predictions; locked unless the viewer is premium. A visitor's answer is
 * the same for every visitor and cacheable; a signed-in viewer's is never stored.
 */
export const handler = cachedRead({
  auth: 'viewer',
  areas: { predictions: buildPredictions },
  read: async (viewer, { predictions }) => predictions.upcoming(viewer),
  contract: { route: 'GET /api/predictions', schema: async () => (await import('@app/contracts/predictions')).PredictionListSchema },
  varyOnCookie: true,
});
