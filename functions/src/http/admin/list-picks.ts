import { json } from '@app/platform/http/response';
import { buildTracking } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** `GET /api/admin/winning-predictions` (the product's URL): the high-confidence picks that are upcoming or won, for entering winning odds. */
export const handler = httpRoute({ auth: 'admin', areas: { tracking: buildTracking } }, async ({ tracking }) => json(await tracking.picksForOddsEntry()));
