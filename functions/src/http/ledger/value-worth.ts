import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildLedger } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The last 30 days' and the season's value flags, published and back-tested apart: expected profit at the flat
 * stake beside the fee, and what happened. Public, edge-cached (docs/decisions/0322-what-the-flags-are-worth.md).
 */
export const handler = httpRoute({ auth: 'public', areas: { ledger: buildLedger } }, async ({ ledger, event }) =>
  taggedJson(event, serialise(await ledger.valueWorth()), { shared: true }),
);
