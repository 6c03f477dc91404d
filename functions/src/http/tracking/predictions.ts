import { TrackingQuerySchema } from '@app/contracts/tracking';
import { json } from '@app/platform/http/response';
import { buildTracking } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** Published and back-tested picks of the last 1, 7 or 30 days (other values are a 400). */
export const handler = httpRoute({ auth: 'admin', query: TrackingQuerySchema, areas: { tracking: buildTracking } }, async ({ tracking, query }) =>
  json(await tracking.list(Number(query.days) as 1 | 7 | 30)),
);
