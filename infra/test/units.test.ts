/** The pure parts: manifest -> functions, context -> config, headers, the SPA rewrite. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Duration } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '@app/functions/routes';
import { securityHeaders, strictTransportSecurity } from '@app/functions/security-headers';
import { buildApp, newApp } from '../lib/app.ts';
import { repoRoot } from '../lib/bundling.ts';
import { ConfigError, PLACEHOLDER_ACCOUNT, readConfig } from '../lib/config.ts';
import { AUTH_MEMORY_MB, consumerFunctionSpecs, DEFAULT_MEMORY_MB, httpFunctionSpecs, ManifestError, scheduledFunctionSpecs } from '../lib/manifest.ts';
import { parseStrictTransportSecurity, responseHeadersPolicyProps } from '../lib/security-headers.ts';
import { spaRewriteFor, unhashedFiles } from '../lib/constructs/web.ts';
import { compositePlan, MAX_COMPOSITE_CHILDREN } from '../lib/constructs/alarms.ts';
import { fixtureWebDist } from './helpers.ts';
import { CLOUDFRONT_FUNCTION_MAX_BYTES, MINIMAL_NOT_FOUND_HTML, spaRewriteSource } from '../lib/spa-rewrite.ts';

const route = (r: Partial<RouteDefinition> & Pick<RouteDefinition, 'method' | 'path' | 'handler'>): RouteDefinition => ({
  auth: 'public',
  access: 'read',
  ...r,
});

describe('functions from the manifest', () => {
  it("makes one function per scheduled function and refuses duplicates or a timeout over Lambda's limit", () => {
    const task = {
      name: 'nightly',
      description: 'd',
      handler: 'scheduled/x',
      cron: '0 3 * * *',
      timeZone: 'Europe/London',
      access: 'write' as const,
      uses: ['stripe' as const],
      timeoutSeconds: 300,
    };
    expect(scheduledFunctionSpecs([task])).toEqual([
      {
        id: 'ScheduledNightly',
        handler: 'scheduled/x',
        kind: 'scheduled',
        access: 'write',
        uses: ['stripe'],
        timeoutSeconds: 300,
        memoryMb: DEFAULT_MEMORY_MB,
        routes: [],
        schedule: task,
      },
    ]);
    expect(() => scheduledFunctionSpecs([task, task])).toThrow(/Duplicate scheduled function 'nightly'/);
    expect(() => scheduledFunctionSpecs([{ ...task, timeoutSeconds: 901 }])).toThrow(/1\.\.900/);
  });

  it('gives routes sharing a handler one function with the union of their needs', () => {
    const [spec, ...rest] = httpFunctionSpecs([
      route({ method: 'GET', path: '/api/jobs', handler: 'http/admin/jobs', timeoutSeconds: 5 }),
      route({ method: 'POST', path: '/api/jobs', handler: 'http/admin/jobs', access: 'write', uses: ['queue'], memoryMb: 768 }),
    ]);
    expect(rest).toEqual([]);
    expect(spec).toMatchObject({ id: 'HttpAdminJobs', access: 'write', uses: ['queue'], timeoutSeconds: 10, memoryMb: 768 });
    expect(spec!.routes).toHaveLength(2);
  });

  it('gives auth routes enough memory for scrypt unless the route says otherwise', () => {
    const [auth, other, explicit] = httpFunctionSpecs([
      route({ method: 'POST', path: '/api/auth/login', handler: 'a' }),
      route({ method: 'GET', path: '/api/health', handler: 'b' }),
      route({ method: 'POST', path: '/api/auth/register', handler: 'c', memoryMb: 1536 }),
    ]);
    expect(auth!.memoryMb).toBe(AUTH_MEMORY_MB);
    expect(other!.memoryMb).toBe(DEFAULT_MEMORY_MB);
    expect(explicit!.memoryMb).toBe(1536);
  });

  it('rejects what API Gateway or CloudFront could not serve', () => {
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/health', handler: 'a' })])).toThrow(ManifestError);
    // Outside /api only a shared, cached GET (it gets its own CloudFront behaviour): a fixed path, or
    // one parameter under a fixed first segment (a page about one thing: '/teams/*').
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/sitemap.xml', handler: 'a', cdn: 'shared' })])).not.toThrow();
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/s/{id}', handler: 'a', cdn: 'shared' })])).not.toThrow();
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/{id}', handler: 'a', cdn: 'shared' })])).toThrow(ManifestError);
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/s/{id}/x', handler: 'a', cdn: 'shared' })])).toThrow(ManifestError);
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/feed.xml', handler: 'a', cdn: 'per-session' })])).toThrow(ManifestError);
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/api/x', handler: 'a', timeoutSeconds: 30 })])).toThrow(/1..29/);
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/api/x', handler: 'a' }), route({ method: 'GET', path: '/api/x', handler: 'b' })])).toThrow(
      /Duplicate route 'GET \/api\/x'/,
    );
    expect(() => httpFunctionSpecs([route({ method: 'GET', path: '/api/x', handler: 'a', memoryMb: 64 })])).toThrow(/memoryMb/);
  });

  it('takes a consumer timeout from its queue and refuses two consumers on one queue', () => {
    const [spec] = consumerFunctionSpecs([{ queue: 'prediction-generation', handler: 'jobs/generate', access: 'write' }]);
    expect(spec).toMatchObject({ id: 'ConsumerPredictionGeneration', kind: 'consumer', timeoutSeconds: 120, queue: 'prediction-generation' });
    expect(() =>
      consumerFunctionSpecs([
        { queue: 'jobs-planner', handler: 'a', access: 'write' },
        { queue: 'jobs-planner', handler: 'b', access: 'write' },
      ]),
    ).toThrow(/more than one consumer/);
    expect(() => consumerFunctionSpecs([{ queue: 'nope' as 'jobs-planner', handler: 'a', access: 'read' }])).toThrow(/unknown queue/);
  });

  it('handles an empty consumer list', () => {
    expect(consumerFunctionSpecs([])).toEqual([]);
  });
});

describe('deployment context', () => {
  const config = (context: Record<string, string>, env: Record<string, string> = {}) => readConfig(new App({ context }).node, env);
  const domain = { domainName: 'predictions.example.com', hostedZoneId: 'Z1', hostedZoneName: 'example.com' };

  it('defaults to an offline-synthesisable dev stage', () => {
    expect(config({})).toMatchObject({
      stage: 'dev',
      account: PLACEHOLDER_ACCOUNT,
      region: 'eu-west-2',
      waf: true,
      requireWeb: false,
      logLevel: 'INFO',
      schedules: true,
    });
  });

  it('deploys the schedules enabled unless told `schedules=disabled`, and refuses any other value', () => {
    expect(config({ schedules: 'enabled' }).schedules).toBe(true);
    expect(config({ schedules: 'disabled' }).schedules).toBe(false);
    expect(() => config({ schedules: 'off' })).toThrow(/'schedules' must be enabled or disabled, got 'off'/);
  });

  it('takes the account from the CLI credentials when deploying', () => {
    expect(config({}, { CDK_DEFAULT_ACCOUNT: '210987654321' }).account).toBe('210987654321');
    expect(config({ account: '111111111111' }, { CDK_DEFAULT_ACCOUNT: '210987654321' }).account).toBe('111111111111');
  });

  it("reads a stage's own settings from its cdk.json object, with -c winning", () => {
    const prod = { stripePriceId: 'price_prod', alarmEmail: 'ops@example.com', waf: false, ...domain };
    const app = (context: Record<string, unknown>) => readConfig(new App({ context: { prod, dev: { stripePriceId: 'price_dev' }, ...context } }).node, {});
    expect(app({ stage: 'prod' })).toMatchObject({ stage: 'prod', stripePriceId: 'price_prod', alarmEmail: 'ops@example.com', waf: false });
    expect(app({ stage: 'dev' })).toMatchObject({ stripePriceId: 'price_dev', alarmEmail: undefined, waf: true });
    expect(app({ stage: 'prod', stripePriceId: 'price_cli' }).stripePriceId).toBe('price_cli');
  });

  it('has one cdk.json, at the repository root, whose app is this one, so `npx cdk <command>` works from the root', () => {
    const tracked = execFileSync('git', ['ls-files', '--', '*cdk.json', 'cdk.json'], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    expect(tracked).toEqual(['cdk.json']);
    const cdkJson = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { app: string; context: Record<string, unknown> };
    expect(cdkJson.app).toBe('npx tsx infra/bin/app.ts');
    expect(cdkJson.context.stage).toBe('dev');
  });

  it('refuses prod without an alarm target, naming both ways to give one', () => {
    expect(() => config({ stage: 'prod', ...domain })).toThrow(/Prod needs an alarm target: set 'alarmEmail'.*'alarmTopicArn'/);
    expect(config({ stage: 'prod', alarmEmail: 'oncall@example.com', ...domain }).alarmEmail).toBe('oncall@example.com');
    expect(config({ stage: 'prod', alarmTopicArn: 'arn:aws:sns:eu-west-2:123456789012:pager', ...domain }).alarmTopicArn).toContain(':pager');
    expect(() => config({ stage: 'prod', alarmTopicArn: 'pager', ...domain })).toThrow(/SNS topic ARN/);
    // Staging is prod's rehearsal, with its own settings; dev and staging may go without a target.
    expect(config({ stage: 'staging', ...domain })).toMatchObject({ stage: 'staging', monthlyBudgetUsd: 75, backupRegion: 'eu-west-1' });
  });

  it('refuses staging and prod without a domain, naming the keys (the API would keep its execute-api endpoint); dev may go without', () => {
    for (const stage of ['staging', 'prod']) {
      expect(() => config({ stage, alarmEmail: 'oncall@example.com' })).toThrow(
        new RegExp(`Stage '${stage}' needs a domain: set 'domainName' with 'hostedZoneId' \\+ 'hostedZoneName'.*'certificateArn'.*'apiCertificateArn'`),
      );
    }
    expect(config({}).domainName).toBeUndefined();
    // Certificates of one's own: CloudFront's in us-east-1, the API's in the app's region.
    const certificates = { domainName: 'x.example.com', certificateArn: 'arn:aws:acm:us-east-1:1:certificate/a' };
    expect(() => config({ stage: 'staging', ...certificates })).toThrow(/'certificateArn' needs 'apiCertificateArn' too/);
    expect(() => config({ stage: 'staging', ...certificates, apiCertificateArn: 'arn:aws:acm:us-east-1:1:certificate/b' })).toThrow(/in eu-west-2/);
    expect(config({ stage: 'staging', ...certificates, apiCertificateArn: 'arn:aws:acm:eu-west-2:1:certificate/b' }).apiCertificateArn).toContain('eu-west-2');
    expect(() => config({ apiCertificateArn: 'arn:aws:acm:eu-west-2:1:certificate/b' })).toThrow(/need 'domainName'/);
  });

  it('sets up the pipeline roles only in the account of staging or prod', () => {
    expect(() => config({ githubRepo: 'acme/football' })).toThrow(/-c stage=staging or -c stage=prod/);
    expect(config({ stage: 'staging', githubRepo: 'acme/football', ...domain }).githubRepo).toBe('acme/football');
  });

  it('copies backups to another region and may switch the functions to a restored table', () => {
    expect(() => config({ backupRegion: 'eu-west-2' })).toThrow(/must differ from 'region'/);
    expect(config({ region: 'eu-west-1' }).backupRegion).toBe('eu-west-2');
    expect(config({ tableName: 'fp-dev-restored-20261201' }).tableName).toBe('fp-dev-restored-20261201');
    expect(() => config({ tableName: 'a b' })).toThrow(/table name/);
    expect(() => config({ monthlyBudgetUsd: '-5' })).toThrow(/positive/);
  });

  it('rejects unknown stages and half-configured domains', () => {
    expect(() => config({ stage: 'test' })).toThrow(ConfigError);
    expect(() => config({ domainName: 'x.example.com' })).toThrow(/certificateArn/);
    expect(() => config({ domainName: 'x.example.com', certificateArn: 'arn:aws:acm:eu-west-2:1:certificate/x' })).toThrow(/us-east-1/);
    expect(() => config({ hostedZoneId: 'Z1' })).toThrow(/go together/);
    expect(() => config({ waf: 'maybe' })).toThrow(/true or false/);
    expect(() => config({ stripePriceId: 'prod_123' })).toThrow(/price_/);
    // Self-registration never grants admin: an old context key fails loudly instead of being ignored.
    expect(() => config({ adminEmails: 'you@example.com' })).toThrow(/npm run admin -- grant/);
  });
});

describe('web upload', () => {
  it('refuses to deploy without a web build when the deploy script asks for one', () => {
    const app = newApp({ context: { requireWeb: 'true', emailFrom: 'no-reply@example.org', 'aws:cdk:bundling-stacks': [] } });
    expect(() => buildApp(app, { webDist: mkdtempSync(join(tmpdir(), 'fp-empty-')) })).toThrow(/npm run build/);
  });
});

describe('response headers policy', () => {
  it('maps every header of functions/src/security-headers.ts, known ones onto CloudFront fields', () => {
    const props = responseHeadersPolicyProps();
    const mapped = new Set([
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      ...props.customHeadersBehavior!.customHeaders.map((h) => h.header),
    ]);
    expect([...mapped].sort()).toEqual(Object.keys(securityHeaders).sort());
    expect(props.securityHeadersBehavior!.contentSecurityPolicy!.contentSecurityPolicy).toBe(securityHeaders['content-security-policy']);
  });

  it('parses HSTS', () => {
    expect(parseStrictTransportSecurity(strictTransportSecurity)).toMatchObject({ includeSubdomains: true, preload: true });
    expect(parseStrictTransportSecurity('max-age=31536000; includeSubDomains; preload').accessControlMaxAge.toSeconds()).toBe(Duration.days(365).toSeconds());
    expect(() => parseStrictTransportSecurity('includeSubDomains')).toThrow();
  });
});

describe('SPA rewrite (CloudFront Function)', () => {
  type Request = { uri: string };
  type Response = { statusCode: number; headers: Record<string, { value: string }>; body: { encoding: string; data: string } };
  // cloudfront-js-2.0 is ES5-ish plus a few ES6 features; plain Node runs this code the same way.
  const compile = (source: string) => new Function(`${source}; return handler;`)() as (e: { request: Request }) => Request | Response;
  const isResponse = (r: Request | Response): r is Response => 'statusCode' in r;

  describe('without a web build (synth, tests)', () => {
    const handler = compile(spaRewriteSource());
    const rewrite = (uri: string) => handler({ request: { uri } }) as Request;

    it.each([
      ['/', '/index.html'],
      ['/predictions', '/predictions.html'],
      ['/leagues', '/leagues.html'],
      ['/leagues/NSP', '/league.html'],
      ['/Leagues/e0/', '/league.html'],
      ['/teams/larkspur-town', '/team.html'],
      ['/predictions/2026-01-05', '/match.html'],
    ])('serves the prerendered page of %s', (uri, file) => expect(rewrite(uri).uri).toBe(file));

    it.each(['/pricing', '/account', '/subscription/success', '/responsible-gambling/', '/Results'])('serves the app shell for the client route %s', (uri) =>
      expect(rewrite(uri).uri).toBe('/app.html'),
    );

    it.each(['/no-such-page', '/account/settings', '/league/premier-league/', '/predictions/a/b', '/constructor', '/__proto__'])(
      'answers %s, which is no page of the site, with 404 and HTML (a minimal page without a web build)',
      (uri) => {
        const r = handler({ request: { uri } });
        if (!isResponse(r)) throw new Error(`expected a response for ${uri}, got a request`);
        expect(r.statusCode).toBe(404);
        expect(r.headers['content-type']!.value).toBe('text/html; charset=utf-8');
        expect(r.body.data).toBe(MINIMAL_NOT_FOUND_HTML);
      },
    );

    it.each(['/index.html', '/favicon.svg', '/assets/index-B7x9.js', '/robots.txt'])('leaves the file %s alone', (uri) => expect(rewrite(uri).uri).toBe(uri));
  });

  describe('for an upload of web/dist', () => {
    const dist = fixtureWebDist();
    writeFileSync(
      join(dist, 'app.html'),
      '<!doctype html><title>App</title><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>',
    );
    const handler = compile(spaRewriteFor(dist));
    const answer = (uri: string) => handler({ request: { uri } });

    it('knows the unhashed files of the upload and none of the hashed ones', () => {
      expect(unhashedFiles(dist)).toEqual(['/app.html', '/favicon.svg', '/index.html']);
    });

    it.each(['/index.html', '/favicon.svg', '/app.html', '/assets/index-abc123.js', '/assets/index-OLDHASH.js'])(
      'passes %s to S3 (uploaded, or a hashed asset an open page may still need)',
      (uri) => expect(answer(uri)).toEqual({ uri }),
    );

    it.each(['/robots.txt', '/missing.png', '/deep/path/old-page.html', '/constructor.js', '/__proto__.txt'])(
      "answers a missing %s with 404 and the app shell as HTML, never S3's 403 XML",
      (uri) => {
        const r = answer(uri);
        if (!isResponse(r)) throw new Error(`expected a response for ${uri}, got a request`);
        expect(r.statusCode).toBe(404);
        expect(r.headers['content-type']!.value).toBe('text/html; charset=utf-8');
        // The site's security headers, CSP included, on a page that never came from the origin.
        for (const [name, value] of Object.entries(securityHeaders)) expect(r.headers[name]!.value, name).toBe(value);
        expect(r.headers['strict-transport-security']!.value).toBe(strictTransportSecurity);
        expect(r.body).toEqual({ encoding: 'text', data: readFileSync(join(dist, 'app.html'), 'utf8') });
      },
    );

    it('still rewrites client routes to their pages, and answers a path that is no page with 404 and the app shell', () => {
      expect(answer('/predictions')).toEqual({ uri: '/predictions.html' });
      expect(answer('/pricing')).toEqual({ uri: '/app.html' });
      const r = answer('/no-such-route');
      if (!isResponse(r)) throw new Error('expected a response');
      expect(r.statusCode).toBe(404);
      expect(r.body.data).toBe(readFileSync(join(dist, 'app.html'), 'utf8'));
    });

    it('falls back to a minimal 404 page when the app shell would not fit in 10 KB, and refuses a file list that cannot fit', () => {
      const big = fixtureWebDist();
      writeFileSync(join(big, 'app.html'), `<!doctype html>${'x'.repeat(CLOUDFRONT_FUNCTION_MAX_BYTES)}`);
      const r = compile(spaRewriteFor(big))({ request: { uri: '/missing.png' } }) as Response;
      expect(r.statusCode).toBe(404);
      expect(r.body.data).toBe(MINIMAL_NOT_FOUND_HTML);
      for (let i = 0; i < 400; i++) writeFileSync(join(big, `page-${i}-with-a-long-name.html`), '');
      expect(() => spaRewriteFor(big)).toThrow(/too many unhashed files/);
    });
  });
});

describe('the SPA fits the CSP', () => {
  // The page Vite builds from (the build only rewrites its script and style URLs).
  const index = join(repoRoot, 'web', 'index.html');
  it('has no inline script or style and loads only same-origin files', () => {
    const html = readFileSync(index, 'utf8');
    for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attrs).toMatch(/\ssrc="\/[^/]/); // script-src 'self'
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style[\s>]/); // style-src 'self'
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // no third-party origins
  });
});

describe("composite alarms within CloudWatch's limit", () => {
  const alarms = (group: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${group}-${i}`, group }));

  it('keeps an area that fits in one composite', () => {
    expect(compositePlan('fp-prod-api', alarms('auth', MAX_COMPOSITE_CHILDREN))).toEqual([
      { name: 'fp-prod-api', children: alarms('auth', MAX_COMPOSITE_CHILDREN).map((a) => a.name) },
    ]);
  });

  it('splits a bigger area into one sub-composite per group (chunked when a group alone is too big) under the area composite', () => {
    const plan = compositePlan('fp-prod-api', [...alarms('auth', 30), ...alarms('admin', 150), ...alarms('shared', 3)]);
    expect(plan.map((p) => [p.name, p.children.length])).toEqual([
      ['fp-prod-api-admin-1', 100],
      ['fp-prod-api-admin-2', 50],
      ['fp-prod-api-auth', 30],
      ['fp-prod-api-shared', 3],
      ['fp-prod-api', 4],
    ]);
    expect(plan.at(-1)!.children).toEqual(['fp-prod-api-admin-1', 'fp-prod-api-admin-2', 'fp-prod-api-auth', 'fp-prod-api-shared']);
    for (const p of plan) expect(p.children.length).toBeLessThanOrEqual(MAX_COMPOSITE_CHILDREN);
    // Every alarm is under exactly one sub-composite.
    expect(plan.slice(0, -1).flatMap((p) => p.children)).toHaveLength(183);
  });
});
