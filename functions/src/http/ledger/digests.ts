import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildLedger } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** Both digest chains, oldest day first: public, so anyone can keep a copy before kickoff. */
export const handler = httpRoute({ auth: 'public', areas: { ledger: buildLedger } }, async ({ ledger, event }) =>
  taggedJson(event, serialise(await ledger.digests()), { shared: true }),
);
