// The HTML page for each client route, as both the local server and CloudFront (infra) serve it.
export { APP_SHELL, PRERENDERED_PAGES, htmlForRoute } from '@app/contracts/site';
