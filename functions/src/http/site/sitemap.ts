import { PUBLIC_CACHE_CONTROL, serialise } from '@app/platform/http/cache-control';
import { buildSitemap } from '../../composition/match-pages.ts';
import { httpRoute } from '../route.ts';

/** `/sitemap.xml`: the public pages and the match pages of the coming week; the same for everyone. */
export const handler = httpRoute({ auth: 'public', areas: { sitemap: buildSitemap } }, async ({ sitemap, event }) => {
  const xml = await sitemap.xml();
  const { etag } = serialise(xml);
  const headers = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': PUBLIC_CACHE_CONTROL, etag };
  if (event.headers?.['if-none-match'] === etag) return { statusCode: 304, headers };
  return { statusCode: 200, headers, body: xml };
});
