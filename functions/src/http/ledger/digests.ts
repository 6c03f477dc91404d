import { serialise } from '@app/core/cache/read-cache';
import { taggedJson } from '@app/platform/http/cache-control';
import { ledgerService } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** Both digest chains, oldest day first: public, so anyone can keep a copy before kickoff. */
export const handler = httpRoute({ auth: 'public' }, async ({ event }) => taggedJson(event, serialise(await (await ledgerService()).digests()), { shared: true }));
