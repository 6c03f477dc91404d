import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LeagueParamsSchema, TeamParamsSchema } from '@app/contracts/seasons';
import { htmlForRoute } from '@app/contracts/site';
import { MatchParamsSchema } from '@app/contracts/matches';
import type { PageSubject } from '@app/core/site/ports';
import { PUBLIC_CACHE_CONTROL } from '@app/platform/http/cache-control';
import { buildPageHtml, buildPageSubjects } from '../../composition/site-pages.ts';
import { httpRoute } from '../route.ts';

/** What each page section is about, and which ids could be one (anything else is a 404 without a read). */
const SUBJECTS: Record<string, { kind: PageSubject; valid: (id: string) => boolean }> = {
  predictions: { kind: 'match', valid: (id) => MatchParamsSchema.safeParse({ fixtureId: id }).success },
  teams: { kind: 'team', valid: (id) => TeamParamsSchema.safeParse({ slug: id }).success },
  leagues: { kind: 'league', valid: (id) => LeagueParamsSchema.safeParse({ leagueId: id }).success },
};

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
 * file (the same for every id; the router renders the page), answered 200 when the match, team or
 * league exists and 404 when it does not (docs/decisions/0212-real-404s-for-unknown-ids.md). It asks
 * one question, `exists`, of one keys-only read, and answers with the file bundled beside its code
 * (docs/decisions/0341-the-page-function-asks-one-question.md); the browser then reads the page's
 * data from the API once. The same for every viewer, so cached at the edge like the public reads.
 */
export const handler = httpRoute(
  { auth: 'public', areas: { subjects: buildPageSubjects, pageHtml: buildPageHtml } },
  async ({ subjects, pageHtml, event }): Promise<APIGatewayProxyStructuredResultV2> => {
    const [, section = '', segment = ''] = event.rawPath.split('/');
    const subject = SUBJECTS[section];
    const id = decoded(segment);
    const known = subject?.valid(id) ? await subjects.exists(subject.kind, id) : false;
    const html = await pageHtml(htmlForRoute(event.rawPath));
    if (!html)
      return { statusCode: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' }, body: UNAVAILABLE };
    return { statusCode: known ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': PUBLIC_CACHE_CONTROL }, body: html };
  },
);
