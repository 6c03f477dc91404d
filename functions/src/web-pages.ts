// The HTML page for each client route, and which paths are client routes at all (any other
// answers 404), as both the local server and CloudFront (infra) serve them.
export {
  APP_SHELL,
  PRERENDERED_PAGES,
  PRERENDERED_ROUTE_SOURCES,
  SITE_ROUTES,
  SITE_ROUTE_FLAGS,
  SITE_ROUTE_SOURCE,
  htmlForRoute,
  isSiteRoute,
} from '@app/contracts/site';
