import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LeagueParamsSchema, TeamParamsSchema } from '@app/contracts/seasons';
import { htmlForRoute } from '@app/contracts/site';
import { MatchParamsSchema } from '@app/contracts/matches';
import { NotFoundError } from '@app/core/errors';
import { PUBLIC_CACHE_CONTROL } from '@app/platform/http/cache-control';
import { buildMatches } from '../../composition/match-pages.ts';
import { buildSeasons } from '../../composition/league-and-team-pages.ts';
import { buildPageHtml } from '../../composition/site-pages.ts';
import { httpRoute } from '../route.ts';

/** Whether the thing a page is about exists, asked of the same services as its API read. */
const exists: Record<string, (id: string, pages: { matches: ReturnType<typeof buildMatches>; seasons: ReturnType<typeof buildSeasons> }) => Promise<boolean>> =
  {
    predictions: async (id, { matches }) => MatchParamsSchema.safeParse({ fixtureId: id }).success && found(matches.get(id, null)),
    teams: async (id, { seasons }) => TeamParamsSchema.safeParse({ slug: id }).success && found(seasons.team(id, null)),
    leagues: async (id, { seasons }) => LeagueParamsSchema.safeParse({ leagueId: id }).success && found(seasons.simulation(id)),
  };

async function found(read: Promise<unknown>): Promise<boolean> {
  try {
    await read;
    return true;
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
}

/** A path segment decoded; a malformed one stays as it is (and matches no id). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const UNAVAILABLE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Try again</title></head><body><h1>This page could not be loaded</h1><p><a href="/">Go to the home page</a></p></body></html>';

/**
 * `/predictions/{fixtureId}`, `/teams/{slug}`, `/leagues/{leagueId}`: the page's prerendered HTML
 * file as the site would serve it (the same for every id; the router renders the page), answered
 * 200 when the match, team or league exists and 404 when it does not,
 * decided by the data the page's own API read serves (docs/decisions/0212-real-404s-for-unknown-ids.md).
 * The same for every viewer, so cached at the edge like the public reads.
 */
export const handler = httpRoute(
  { auth: 'public', areas: { matches: buildMatches, seasons: buildSeasons, pageHtml: buildPageHtml } },
  async ({ matches, seasons, pageHtml, event }): Promise<APIGatewayProxyStructuredResultV2> => {
    const [, section = '', id = ''] = event.rawPath.split('/');
    const known = await (exists[section]?.(decoded(id), { matches, seasons }) ?? false);
    const html = await pageHtml(htmlForRoute(event.rawPath));
    if (!html)
      return { statusCode: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' }, body: UNAVAILABLE };
    return { statusCode: known ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PUBLIC_CACHE_CONTROL }, body: html };
  },
);
