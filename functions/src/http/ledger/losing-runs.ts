import { serialise } from '@app/core/cache/read-cache';
import { taggedJson } from '@app/platform/http/cache-control';
import { ledgerService } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The losing runs of the last year's settled picks, published and back-tested apart: public,
 * edge-cached (docs/decisions/0165-losing-runs-on-the-help-page.md).
 */
export const handler = httpRoute({ auth: 'public' }, async ({ event }) => taggedJson(event, serialise(await (await ledgerService()).losingRuns()), { shared: true }));
