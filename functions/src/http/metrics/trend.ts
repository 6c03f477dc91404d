import { json } from '@app/platform/http/response';
import { metricsService } from '../../composition.ts';
import { httpRoute } from '../route.ts';

/** The last 30 daily entries, oldest first. */
export const handler = httpRoute({ auth: 'public' }, async () => json(await metricsService().trend()));
