import { APP_SHELL, PRERENDERED_PAGES } from '@app/functions/web-pages';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) on the S3 behaviour only: a path whose
 * last segment has no file extension is a client-side route, so it gets its prerendered page or
 * the app shell (`@app/contracts/site` through functions/src/web-pages.ts, the table the local server uses too). The /api/*
 * behaviour never runs it, so API 403/404 answers reach the client unchanged (which a
 * distribution-wide custom error response would not allow). The client renders its own 404.
 */
export const spaRewriteSource = `var pages = ${JSON.stringify(PRERENDERED_PAGES)};
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z0-9]{1,12}$/.test(last)) {
    request.uri = Object.prototype.hasOwnProperty.call(pages, request.uri) ? pages[request.uri] : '${APP_SHELL}';
  }
  return request;
}
`;
