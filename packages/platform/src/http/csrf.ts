import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * A header a non-browser client (curl, a script) may send on a state-changing request without a
 * body and without `Origin`. A page on another site cannot send it: a form cannot set headers, and
 * a cross-site `fetch` that sets it needs a CORS preflight we never answer.
 */
const REQUESTED_WITH_HEADER = 'x-requested-with';

/**
 * CSRF protection for a cookie-authenticated JSON API (OWASP CSRF cheat sheet;
 * docs/architecture.md#security):
 * 1. an unsafe request that a browser marks as cross-site is refused: `Origin` must be one of
 *    ours (`Origin: null` never is), else `Sec-Fetch-Site` must be same-origin/none. Every current browser sends at least
 *    one of them on a state-changing request; a request with neither comes from a non-browser
 *    client (curl, server code), which cannot ride a visitor's cookies (docs/decisions/0002-csrf-without-origin.md).
 * 2. a body must be `application/json` (415 otherwise): what a cross-site HTML form sends never is.
 * 3. a request without a body is accepted when the browser said it is ours (an allowed `Origin`, or
 *    `Sec-Fetch-Site: same-origin`): that is what the site's own client sends for logout, cancel,
 *    delete and the admin jobs. With neither (a missing origin), it must carry
 *    `Content-Type: application/json` or `X-Requested-With`, which no form and no cross-site fetch
 *    without a preflight can send (docs/decisions/0205-state-changing-requests-say-so.md, amended).
 * Expects lower-cased header names.
 */
export function assertSameOrigin(event: APIGatewayProxyEventV2, allowedOrigins: string[]): void {
  const method = event.requestContext.http.method.toUpperCase();
  if (SAFE_METHODS.has(method)) return;
  const headers = event.headers ?? {};
  const origin = headers.origin;
  // `null` is what an opaque origin sends (a sandboxed frame, a data: URL, some redirects):
  // never one of ours, whatever the body and whatever Sec-Fetch-Site says.
  if (origin) {
    if (!allowedOrigins.includes(origin)) throw new HttpError(403, 'forbidden', 'Cross-origin request refused');
  } else if (headers['sec-fetch-site']) {
    if (!['same-origin', 'none'].includes(headers['sec-fetch-site'])) {
      throw new HttpError(403, 'forbidden', 'Cross-site request refused');
    }
  }
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (event.body && event.body.length > 0) {
    if (type !== 'application/json') throw new HttpError(415, 'unsupported_media_type', 'Request body must be application/json');
    return;
  }
  // Reached with an allowed Origin, or with no Origin at all: only the first, or a browser's own
  // same-origin mark, says the request is ours.
  const ours = Boolean(origin) || headers['sec-fetch-site'] === 'same-origin';
  if (!ours && type !== 'application/json' && !headers[REQUESTED_WITH_HEADER]?.trim()) {
    throw new HttpError(
      403,
      'forbidden',
      'A request that changes something must come from our own origin, or send Content-Type: application/json or X-Requested-With',
    );
  }
}
