import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The header our own client sends on a state-changing request without a body. A page on another
 * site cannot send it: a form cannot set headers, and a cross-site `fetch` that sets it needs a
 * CORS preflight we never answer.
 */
const REQUESTED_WITH_HEADER = 'x-requested-with';

/**
 * CSRF protection for a cookie-authenticated JSON API (OWASP CSRF cheat sheet;
 * docs/architecture.md#security), two layers:
 * 1. an unsafe request that a browser marks as cross-site is refused: `Origin` must be one of
 *    ours (`Origin: null` never is), else `Sec-Fetch-Site` must be same-origin/none. Every current browser sends at least
 *    one of them on a state-changing request; a request with neither comes from a non-browser
 *    client (curl, server code), which cannot ride a visitor's cookies (docs/decisions/0002-csrf-without-origin.md).
 * 2. every unsafe request must be JSON or carry `X-Requested-With`: a body must be
 *    `application/json`, and an empty one needs one of the two (L4), neither of which a
 *    cross-site HTML form can send, nor a cross-site `fetch` without a CORS preflight that we
 *    never answer (docs/decisions/0205-state-changing-requests-say-so.md).
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
  } else if (type !== 'application/json' && !headers[REQUESTED_WITH_HEADER]?.trim()) {
    throw new HttpError(403, 'forbidden', 'A request that changes something must send Content-Type: application/json or X-Requested-With');
  }
}
