import { securityHeaders, strictTransportSecurity } from '@app/functions/security-headers';
import { APP_SHELL, PRERENDERED_PAGES, PRERENDERED_ROUTE_SOURCES, SITE_ROUTE_FLAGS, SITE_ROUTE_SOURCE } from '@app/functions/web-pages';

/** CloudFront Functions refuse code over 10 KB. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10 * 1024;
/** The hashed bundles: never pruned (an open page may still load an old chunk), so never answered 404 here. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/** What the site bucket holds after the upload: its unhashed files, and the page a miss answers. */
export interface SiteFiles {
  /** Paths of the unhashed files (`/index.html`, `/favicon.svg`, ...). */
  files: readonly string[];
  /** The HTML answered with 404 for a path that is no page and a file that is not there (the app shell: the client renders its 404 page). */
  notFoundHtml: string;
}

/** A page for misses when the app shell is not known (no web build) or would not fit in the function. */
export const MINIMAL_NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
  '<body><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></body></html>';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) on the S3 behaviour only. A path whose
 * last segment has no file extension is a client-side route when it matches one of the site's
 * routes (`@app/contracts/site`, through functions/src/web-pages.ts: the list the client router
 * is built from and the local server answers by): it gets its prerendered page or the app shell.
 * Any other such path answers 404 with the app shell, whose router renders the not-found page, so
 * search engines never index a soft 404. The /api/* behaviour never runs it, so API 403/404
 * answers reach the client unchanged (which a distribution-wide custom error response would not
 * allow).
 *
 * With `site` (the deployed web/dist), a file path that is neither one of its unhashed files nor
 * under /assets/ answers the same 404 instead of reaching S3, which would answer 403 with an XML
 * error (the bucket is private, so S3 does not say "missing"). Without it (synth and tests with no
 * web build) a 404 carries a minimal page.
 */
export function spaRewriteSource(site?: SiteFiles): string {
  // The page carries the site's security headers itself: it never comes from the origin.
  const headers = Object.fromEntries(
    Object.entries({
      ...securityHeaders,
      'strict-transport-security': strictTransportSecurity,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
    }).map(([name, value]) => [name, { value }]),
  );
  const files = site
    ? `var files = ${JSON.stringify(Object.fromEntries(site.files.map((f) => [f, 1])))};
`
    : '';
  const miss = site
    ? `
  if (request.uri.indexOf('${HASHED_ASSETS_PREFIX}') !== 0 && !Object.prototype.hasOwnProperty.call(files, request.uri)) return notFound;`
    : '';
  const routePages = PRERENDERED_ROUTE_SOURCES.map(
    ([source, file]) => `[new RegExp(${JSON.stringify(source)}, ${JSON.stringify(SITE_ROUTE_FLAGS)}), ${JSON.stringify(file)}]`,
  );
  return `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
var routePages = [${routePages.join(', ')}];
var routes = new RegExp(${JSON.stringify(SITE_ROUTE_SOURCE)}, ${JSON.stringify(SITE_ROUTE_FLAGS)});
function pageFor(uri) {
  if (Object.prototype.hasOwnProperty.call(pages, uri)) return pages[uri];
  for (var i = 0; i < routePages.length; i++) if (routePages[i][0].test(uri)) return routePages[i][1];
  return '${APP_SHELL}';
}
${files}var notFound = {
  statusCode: 404,
  statusDescription: 'Not Found',
  headers: ${JSON.stringify(headers)},
  body: { encoding: 'text', data: ${JSON.stringify(site?.notFoundHtml ?? MINIMAL_NOT_FOUND_HTML)} }
};
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z0-9]{1,12}$/.test(last)) {
    if (!routes.test(request.uri)) return notFound;
    request.uri = pageFor(request.uri);
    return request;
  }${miss}
  return request;
}
`;
}
