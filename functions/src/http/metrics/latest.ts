import { json } from '@app/platform/http/response';
import { metricsService } from '../../composition.ts';
import { httpRoute } from '../route.ts';

/** The latest metrics, or null before the first metrics run (the page shows its empty state). */
export const handler = httpRoute({ auth: 'public' }, async () => json(await metricsService().latest()));
