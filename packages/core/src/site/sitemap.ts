import { DAY_MS, type Clock } from '../clock.ts';
import type { LeagueRepository } from '../pipeline/ports.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import type { SeasonRepository } from '../seasons/ports.ts';

/** The public pages a search engine may index (sign-in, account and admin pages are left out). */
export const SITEMAP_PAGES = ['/', '/predictions', '/results', '/analytics', '/how-it-works', '/pricing', '/about', '/contact', '/privacy', '/terms'] as const;
export const SITEMAP_UPCOMING_DAYS = 7;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** sitemaps.org XML: each URL absolute on `origin`. */
export function sitemapXml(origin: string, entries: { path: string; lastmod?: string }[]): string {
  const base = origin.replace(/\/+$/, '');
  const urls = entries.map((e) => `  <url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The leagues and teams with pages (every league with a season simulation, and its teams). */
export type LeaguePages = () => Promise<Array<{ leagueId: string; teams: string[] }>>;

/** Every active league with a season simulation, and the slugs of its teams. */
export function leaguePagesOf({ leagues, seasons }: { leagues: Pick<LeagueRepository, 'listActive'>; seasons: Pick<SeasonRepository, 'latest'> }): LeaguePages {
  return async () => {
    const latest = await Promise.all((await leagues.listActive()).map((l) => seasons.latest(l.id)));
    return latest.flatMap((s) => (s ? [{ leagueId: s.leagueId, teams: s.teams.map((t) => t.slug) }] : []));
  };
}

/** The public pages, every league and team page, and the match page of every fixture of the next seven days. */
export function makeSitemapService({
  predictions,
  pages,
  clock,
  origin,
}: {
  predictions: PredictionRepository;
  pages: LeaguePages;
  clock: Clock;
  origin: string;
}) {
  return {
    async xml(): Promise<string> {
      const now = clock.now();
      const [upcoming, leagues] = await Promise.all([predictions.listByKickoff(now, new Date(now.getTime() + SITEMAP_UPCOMING_DAYS * DAY_MS)), pages()]);
      return sitemapXml(origin, [
        ...SITEMAP_PAGES.map((path) => ({ path })),
        ...leagues.flatMap((l) => [
          { path: `/leagues/${encodeURIComponent(l.leagueId)}` },
          ...l.teams.map((slug) => ({ path: `/teams/${encodeURIComponent(slug)}` })),
        ]),
        ...upcoming
          .filter((p) => Date.parse(p.kickoff) > now.getTime())
          .map((p) => ({ path: `/predictions/${encodeURIComponent(p.fixtureId)}`, lastmod: p.generatedAt.slice(0, 10) })),
      ]);
    },
  };
}
