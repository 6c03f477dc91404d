/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) on the S3 behaviour only: a path whose
 * last segment has no file extension is a client-side route, so it gets the SPA shell. The
 * /api/* behaviour never runs it, so API 403/404 answers reach the client unchanged (which a
 * distribution-wide custom error response would not allow). The client renders its own 404.
 */
export const SPA_INDEX = '/index.html';

export const spaRewriteSource = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (!/\\.[A-Za-z0-9]{1,12}$/.test(last)) {
    request.uri = '${SPA_INDEX}';
  }
  return request;
}
`;
