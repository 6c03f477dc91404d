import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildLedger } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The losing runs of the last year's settled picks, published and back-tested apart: public,
 * edge-cached (docs/decisions/0165-losing-runs-on-the-help-page.md).
 */
export const handler = httpRoute({ auth: 'public', areas: { ledger: buildLedger } }, async ({ ledger, event }) =>
  taggedJson(event, serialise(await ledger.losingRuns()), { shared: true }),
);
