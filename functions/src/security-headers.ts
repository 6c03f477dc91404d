/**
 * Response headers for the SPA and the API, shared by CloudFront's response headers policy and
 * the local server. The CSP fits the built SPA: no inline scripts, styles from our own files only.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Two years, every subdomain, and preload (the site may be submitted to the browsers' preload
 * list). Browsers ignore it on plain http (RFC 6797 §8.1), so the local server sends it too and
 * answers with exactly the headers CloudFront adds (docs/decisions/0158-security-headers-one-source.md).
 */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains; preload';

/** Every header CloudFront's response headers policy sets, as the local server sends them. */
export const responseSecurityHeaders: Record<string, string> = { ...securityHeaders, 'strict-transport-security': strictTransportSecurity };
