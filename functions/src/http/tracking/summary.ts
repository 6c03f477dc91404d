import { TrackingQuerySchema } from '@app/contracts/tracking';
import { json } from '@app/platform/http/response';
import { buildTracking } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** The period's figures over published and over back-tested picks, side by side, as the landing computes them. */
export const handler = httpRoute({ auth: 'admin', query: TrackingQuerySchema, areas: { tracking: buildTracking } }, async ({ tracking, query }) =>
  json(await tracking.summary(Number(query.days) as 1 | 7 | 30)),
);
