import { taggedJson } from '@app/platform/http/cache-control';
import { metricsService } from '../../composition/public-reads.ts';
import { httpRoute } from '../route.ts';

/** The latest metrics, or null before the first metrics run; the same for everyone, so cacheable. */
export const handler = httpRoute({ auth: 'public' }, async ({ event }) => taggedJson(event, await (await metricsService()).latest(), { shared: true }));
