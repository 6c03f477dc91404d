import { TeamParamsSchema } from '@app/contracts/seasons';
import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildSeasons } from '../../composition/league-and-team-pages.ts';
import { httpRoute } from '../route.ts';

/**
 * A team page; its next fixtures' probabilities only for a premium viewer (decided by the server). A visitor's answer
 * is the same for every visitor; a signed-in viewer's is never stored.
 */
export const handler = httpRoute({ auth: 'viewer', params: TeamParamsSchema, areas: { seasons: buildSeasons } }, async ({ seasons, viewer, event, params }) =>
  taggedJson(event, serialise(await seasons.team(params.slug, viewer)), { shared: viewer === null, varyOnCookie: true }),
);
