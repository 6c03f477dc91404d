import { MatchParamsSchema } from '@app/contracts/matches';
import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildMatches } from '../../composition/match-pages.ts';
import { httpRoute } from '../route.ts';

/**
 * One match page; its forecast sections only for a premium viewer (decided by the server). A
 * visitor's answer is the same for every visitor; a signed-in viewer's is never stored.
 */
export const handler = httpRoute({ auth: 'viewer', params: MatchParamsSchema, areas: { matches: buildMatches } }, async ({ matches, viewer, event, params }) =>
  taggedJson(event, serialise(await matches.get(params.fixtureId, viewer)), { shared: viewer === null, varyOnCookie: true }),
);
