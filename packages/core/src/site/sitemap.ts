import { DAY_MS, type Clock } from '../clock.ts';
import type { PredictionRepository } from '../predictions/ports.ts';

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

/** The public pages and the match page of every fixture of the next seven days. */
export function makeSitemapService({ predictions, clock, origin }: { predictions: PredictionRepository; clock: Clock; origin: string }) {
  return {
    async xml(): Promise<string> {
      const now = clock.now();
      const upcoming = await predictions.listByKickoff(now, new Date(now.getTime() + SITEMAP_UPCOMING_DAYS * DAY_MS));
      return sitemapXml(origin, [
        ...SITEMAP_PAGES.map((path) => ({ path })),
        ...upcoming.filter((p) => Date.parse(p.kickoff) > now.getTime()).map((p) => ({ path: `/predictions/${encodeURIComponent(p.fixtureId)}`, lastmod: p.generatedAt.slice(0, 10) })),
      ]);
    },
  };
}
