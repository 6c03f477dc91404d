/**
 * Response headers for the SPA, shared by CloudFront's response headers policy and the local
 * server. The CSP fits the built SPA: no inline scripts, styles from our own files only.
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

/** Added on HTTPS only (CloudFront); meaningless on http://localhost. */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';
