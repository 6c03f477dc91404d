import { LeagueParamsSchema } from '@app/contracts/seasons';
import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildSeasons } from '../../composition/league-and-team-pages.ts';
import { httpRoute } from '../route.ts';

/** The league's latest season simulation: the same for everyone, cached at the edge; 404 before the first. */
export const handler = httpRoute({ auth: 'public', params: LeagueParamsSchema, areas: { seasons: buildSeasons } }, async ({ seasons, event, params }) =>
  taggedJson(event, serialise(await seasons.simulation(params.leagueId)), { shared: true }),
);
