import { taggedJson } from '@app/platform/http/cache-control';
import { predictionService } from '../../composition/public-reads.ts';
import { httpRoute } from '../route.ts';

/**
 * Today's and upcoming predictions; locked unless the viewer is premium. A visitor's answer is
 * the same for every visitor and cacheable; a signed-in viewer's is never stored.
 */
export const handler = httpRoute({ auth: 'viewer' }, async ({ viewer, event }) =>
  taggedJson(event, await (await predictionService()).upcoming(viewer), { shared: viewer === null, varyOnCookie: true }),
);
