import { LeagueParamsSchema } from '@app/contracts/seasons';
import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildSeasons } from '../../composition/league-and-team-pages.ts';
import { httpRoute } from '../route.ts';

/** How the league's title, top-four and relegation chances moved this season, one simulation a day; public. */
export const handler = httpRoute({ auth: 'public', params: LeagueParamsSchema, areas: { seasons: buildSeasons } }, async ({ seasons, event, params }) =>
  taggedJson(event, serialise(await seasons.history(params.leagueId)), { shared: true }),
);
