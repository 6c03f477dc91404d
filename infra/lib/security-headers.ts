/**
 * CloudFront's response headers policy, built from functions/src/security-headers.ts (the same
 * headers the local server sends), so the two cannot drift apart.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { securityHeaders, strictTransportSecurity } from '@app/functions/security-headers';

export function parseStrictTransportSecurity(value: string): cloudfront.ResponseHeadersStrictTransportSecurity {
  const parts = value.split(';').map((p) => p.trim().toLowerCase());
  const maxAge = parts.find((p) => p.startsWith('max-age='));
  const seconds = Number(maxAge?.slice('max-age='.length));
  if (!maxAge || !Number.isInteger(seconds) || seconds <= 0) throw new Error(`Unparseable Strict-Transport-Security '${value}'`);
  return {
    accessControlMaxAge: Duration.seconds(seconds),
    includeSubdomains: parts.includes('includesubdomains'),
    preload: parts.includes('preload'),
    override: true,
  };
}

/**
 * Headers CloudFront sets on every response of a behaviour. Known security headers map onto
 * CloudFront's typed fields (it rejects them as custom headers); the rest become custom headers.
 * CloudFront overrides whatever the origin sent, so every response carries the same policy.
 */
export function responseHeadersPolicyProps(
  extraCustomHeaders: cloudfront.ResponseCustomHeader[] = [],
): Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'> {
  const security: {
    -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = { strictTransportSecurity: parseStrictTransportSecurity(strictTransportSecurity) };
  const custom: cloudfront.ResponseCustomHeader[] = [];

  for (const [name, value] of Object.entries(securityHeaders)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value.toLowerCase() !== 'nosniff') throw new Error(`X-Content-Type-Options can only be nosniff, got '${value}'`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const frameOption = value.toUpperCase() as cloudfront.HeadersFrameOption;
        if (!Object.values(cloudfront.HeadersFrameOption).includes(frameOption)) throw new Error(`Unsupported X-Frame-Options '${value}'`);
        security.frameOptions = { frameOption, override: true };
        break;
      }
      case 'referrer-policy': {
        const referrerPolicy = value.toLowerCase() as cloudfront.HeadersReferrerPolicy;
        if (!Object.values(cloudfront.HeadersReferrerPolicy).includes(referrerPolicy)) throw new Error(`Unsupported Referrer-Policy '${value}'`);
        security.referrerPolicy = { referrerPolicy, override: true };
        break;
      }
      case 'strict-transport-security':
        security.strictTransportSecurity = parseStrictTransportSecurity(value);
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  const customHeaders = [...custom, ...extraCustomHeaders];
  return {
    securityHeadersBehavior: security,
    ...(customHeaders.length > 0 ? { customHeadersBehavior: { customHeaders } } : {}),
  };
}
