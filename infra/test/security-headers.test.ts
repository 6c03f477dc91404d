// Issue 26 item 3: the headers CloudFront adds (the synthesized response headers policy) are the
// headers the local server sends, on the SPA and on the API alike; and they are strict: a CSP
// without inline script that forbids framing, HSTS with preload.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../../functions/local/server.ts';
import { responseHeadersPolicyProps } from '../lib/security-headers.ts';

type PolicyConfig = {
  SecurityHeadersConfig: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: string };
    ContentTypeOptions?: object;
    FrameOptions?: { FrameOption: string };
    ReferrerPolicy?: { ReferrerPolicy: string };
    StrictTransportSecurity?: { AccessControlMaxAgeSec: number; IncludeSubdomains?: boolean; Preload?: boolean };
  };
  CustomHeadersConfig?: { Items: Array<{ Header: string; Value: string }> };
};

/** The headers a viewer receives from a CloudFront response headers policy, as CloudFront writes them. */
function headersOf(config: PolicyConfig): Record<string, string> {
  const s = config.SecurityHeadersConfig;
  const hsts = s.StrictTransportSecurity;
  return {
    ...(s.ContentSecurityPolicy ? { 'content-security-policy': s.ContentSecurityPolicy.ContentSecurityPolicy } : {}),
    ...(s.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
    ...(s.FrameOptions ? { 'x-frame-options': s.FrameOptions.FrameOption } : {}),
    ...(s.ReferrerPolicy ? { 'referrer-policy': s.ReferrerPolicy.ReferrerPolicy } : {}),
    ...(hsts
      ? {
          'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
        }
      : {}),
    ...Object.fromEntries((config.CustomHeadersConfig?.Items ?? []).map((h) => [h.Header.toLowerCase(), h.Value])),
  };
}

let cloudFront: Record<string, string>;
let server: ReturnType<typeof createLocalServer>;
let base: string;

beforeAll(async () => {
  const stack = new Stack(new App(), 'Headers');
  new cloudfront.ResponseHeadersPolicy(stack, 'Policy', responseHeadersPolicyProps());
  const [policy] = Object.values(Template.fromStack(stack).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
  cloudFront = headersOf(policy!.Properties.ResponseHeadersPolicyConfig as PolicyConfig);

  const dist = mkdtempSync(join(tmpdir(), 'headers-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Landing</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(dist, 'predictions.html'), '<!doctype html><title>Predictions</title>');
  writeFileSync(join(dist, 'app.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  const api = async () => ({ statusCode: 200, headers: { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }, body: '{}' });
  server = createLocalServer({
    routes: [{ method: 'GET', path: '/api/thing', handler: 'thing', auth: 'public', access: 'read' }],
    webDist: dist,
    loadHandler: async () => api,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('security headers: CloudFront and the local server', () => {
  it('the local server sends exactly the headers of the synthesized CloudFront policy, on pages, assets, the API and its 404', async () => {
    expect(Object.keys(cloudFront).length).toBeGreaterThanOrEqual(7);
    for (const path of ['/', '/predictions', '/assets/app.js', '/api/thing', '/api/none']) {
      const res = await fetch(`${base}${path}`);
      const sent = Object.fromEntries(Object.keys(cloudFront).map((name) => [name, res.headers.get(name)]));
      // The policy overrides what a handler sets (the API's SAMEORIGIN above), as CloudFront does.
      expect(sent, path).toEqual(cloudFront);
    }
  });

  it('is strict: a CSP with no inline script or eval that forbids framing, HSTS for two years with subdomains and preload', () => {
    const csp = Object.fromEntries(
      cloudFront['content-security-policy']!.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(cloudFront['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(cloudFront['x-frame-options']).toBe('DENY');
    expect(cloudFront['x-content-type-options']).toBe('nosniff');
    expect(cloudFront['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  });
});
