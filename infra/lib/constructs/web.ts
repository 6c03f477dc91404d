import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BOOTSTRAP_QUALIFIER_CONTEXT, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';
import { responseHeadersPolicyProps } from '../security-headers.ts';
import { APP_SHELL } from '@app/functions/web-pages';
import { CLOUDFRONT_FUNCTION_MAX_BYTES, HASHED_ASSETS_PREFIX, MINIMAL_NOT_FOUND_HTML, spaRewriteSource, type SiteFiles } from '../spa-rewrite.ts';

/** Vite puts every hashed file under assets/; nothing else in web/dist is content-hashed. */
export const HASHED_ASSETS = `${HASHED_ASSETS_PREFIX.slice(1)}*`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** How long a replaced SPA file stays restorable. */
export const NONCURRENT_SITE_VERSION_DAYS = 90;

export interface WebProps {
  /** `<api-id>.execute-api.<region>.amazonaws.com`: only the API resource, never its routes (no cycle). */
  apiDomainName: string;
  /** Sent to the API as `x-origin-verify`; the handlers refuse requests without it (no WAF bypass). */
  originVerifyToken: string;
  /** The built SPA (web/dist); undefined: no upload (synth and tests without a web build). */
  webDist?: string;
  retain: boolean;
  logRetention: logs.RetentionDays;
  /** Custom domain (with its us-east-1 certificate); undefined: the *.cloudfront.net name. */
  domain?: { name: string; certificate: acm.ICertificate };
  webAclArn?: string;
  /** GET routes CloudFront may cache (the manifest's `cdn`); every other /api path never is. */
  cachedReads?: readonly { path: string; cdn: 'shared' | 'per-session' }[];
}

/** The unhashed files of web/dist, as request paths (`/index.html`, `/favicon.svg`, `/prerendered/x.html`). */
export function unhashedFiles(webDist: string): string[] {
  return readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${relative(webDist, join(e.parentPath, e.name)).split(sep).join('/')}`)
    .filter((path) => !path.startsWith(HASHED_ASSETS_PREFIX))
    .sort();
}

/**
 * The SPA rewrite for an upload of `webDist`: a missing file answers 404 with the app shell (the
 * client renders its 404 page), or a minimal page when the shell would not fit in the function.
 */
export function spaRewriteFor(webDist: string): string {
  const files = unhashedFiles(webDist);
  const shell = join(webDist, APP_SHELL);
  const candidates: SiteFiles[] = [
    ...(existsSync(shell) ? [{ files, notFoundHtml: readFileSync(shell, 'utf8') }] : []),
    { files, notFoundHtml: MINIMAL_NOT_FOUND_HTML },
  ];
  for (const site of candidates) {
    const source = spaRewriteSource(site);
    if (Buffer.byteLength(source) <= CLOUDFRONT_FUNCTION_MAX_BYTES) return source;
  }
  throw new Error(`web/dist has too many unhashed files (${files.length}) for the SPA rewrite function's ${CLOUDFRONT_FUNCTION_MAX_BYTES} bytes`);
}

/** Session cookie names (platform/http/session-cookie.ts): `__Host-sid` over HTTPS, `sid` on plain HTTP. */
export const SESSION_COOKIES = ['__Host-sid', 'sid'];

/**
 * The site: a private bucket behind CloudFront with origin access control, `/api/*` to the HTTP
 * API on the same origin, the SPA rewrite on the S3 behaviour only, security headers on both,
 * access logs, and the upload of web/dist with the right cache headers.
 */
export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly spaRewrite: cloudfront.Function;
  readonly siteHeaders: cloudfront.ResponseHeadersPolicy;
  readonly apiHeaders: cloudfront.ResponseHeadersPolicy;
  readonly deployments: s3deploy.BucketDeployment[] = [];
  /** https://<domain>: the one origin of the SPA and the API (APP_ORIGIN). */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const removal = props.retain ? { removalPolicy: RemovalPolicy.RETAIN } : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };
    const privateBucket = {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      ...removal,
    };

    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      ...privateBucket,
      // CloudFront standard logs are delivered with an ACL grant, so ACLs stay enabled (never public).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(props.retain ? 365 : 30) }],
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      ...privateBucket,
      // Every upload keeps the files it replaced or pruned: `npm run site -- restore` puts a
      // previous SPA back (docs/deploy.md "Rollback"). Old versions go after 90 days.
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(NONCURRENT_SITE_VERSION_DAYS), expiredObjectDeleteMarker: true }],
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Client-side routes -> their prerendered page or /app.html; missing files -> 404 with the app shell (S3 behaviour only)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(props.webDist ? spaRewriteFor(props.webDist) : spaRewriteSource()),
    });

    this.siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: 'HSTS, CSP, nosniff, frame-ancestors none, referrer policy (functions/src/security-headers.ts)',
      ...responseHeadersPolicyProps(),
    });
    this.apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'The site headers, plus no-store when a handler sets no Cache-Control',
      ...responseHeadersPolicyProps([{ header: 'cache-control', value: 'no-store', override: false }]),
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      customHeaders: { 'x-origin-verify': props.originVerifyToken },
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    const cachedReadBehaviours = this.cachedReadBehaviours(apiOrigin, props.cachedReads ?? []);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName}: SPA + /api`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.siteHeaders,
        functionAssociations: [{ function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        // Listed first: CloudFront takes the first pattern that matches.
        ...cachedReadBehaviours,
        // Same origin for SPA and API: first-party __Host- cookies, no CORS. Host is not forwarded
        // (API Gateway routes on it); everything else is, including Stripe-Signature and the raw body.
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.apiHeaders,
          compress: true,
        },
      },
      ...(props.domain
        ? { domainNames: [props.domain.name], certificate: props.domain.certificate, minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableIpv6: true,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
    });

    acknowledge(
      this.distribution,
      'CFR1',
      'No geo restriction: the product is sold worldwide (football fans anywhere, Stripe handles payment rules); ' +
        'abuse is handled by the WAF rate rules, not by country.',
    );
    if (!props.domain) {
      acknowledge(
        this.distribution,
        'CFR4',
        'Without a custom domain CloudFront serves its *.cloudfront.net certificate, whose security policy AWS fixes at TLSv1 ' +
          'and we cannot raise. Deploy with -c domainName=... (and certificateArn or hostedZoneId/hostedZoneName) to get an ACM ' +
          'certificate with TLSv1.2_2021 (docs/deploy.md "Custom domain").',
      );
    }
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'CFR2',
        'WAF switched off for this deployment with -c waf=false (the default deploys a us-east-1 web ACL with managed rules ' +
          'and per-IP rate limits); API Gateway stage and route throttling still bound the request rate.',
      );
    }

    this.origin = props.domain ? `https://${props.domain.name}` : `https://${this.distribution.distributionDomainName}`;

    if (props.webDist) this.deploy(props.webDist);
  }

  /**
   * Behaviours of the cacheable public reads. The origin decides the lifetimes (`s-maxage`, at
   * most a minute); the key holds no query string or header, and, for `per-session` paths, the
   * session cookie, so a signed-in viewer's answer can never be served to anyone else.
   */
  private cachedReadBehaviours(
    origin: cloudfront.IOrigin,
    reads: readonly { path: string; cdn: 'shared' | 'per-session' }[],
  ): Record<string, cloudfront.BehaviorOptions> {
    if (!reads.length) return {};
    const policy = (id: string, comment: string, cookieBehavior: cloudfront.CacheCookieBehavior) =>
      new cloudfront.CachePolicy(this, id, {
        comment,
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.seconds(60),
        cookieBehavior,
        headerBehavior: cloudfront.CacheHeaderBehavior.none(),
        queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
    const policies = {
      shared: policy('SharedReadCache', 'Reads identical for every viewer: origin s-maxage, at most 60 s', cloudfront.CacheCookieBehavior.none()),
      'per-session': policy(
        'PerSessionReadCache',
        'Visitor reads shared, session reads keyed by the session cookie (and never stored: private)',
        cloudfront.CacheCookieBehavior.allowList(...SESSION_COOKIES),
      ),
    };
    return Object.fromEntries(
      reads.map((r) => [
        r.path,
        {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
          cachePolicy: policies[r.cdn],
          responseHeadersPolicy: this.apiHeaders,
          compress: true,
        },
      ]),
    );
  }

  /**
   * Uploads web/dist in two passes: hashed assets first (cached for a year, never pruned, so a
   * browser holding a previous page can still load its lazy chunks), then everything else (the
   * HTML pages, favicon) revalidated on every load, pruned, with an invalidation.
   */
  private deploy(webDist: string): void {
    const logGroup = new logs.LogGroup(this, 'DeployLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const role = new iam.Role(this, 'DeployRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Uploads web/dist to the site bucket',
    });
    logGroup.grantWrite(role);
    const source = s3deploy.Source.asset(webDist);
    const common = { sources: [source], destinationBucket: this.siteBucket, role, logGroup, memoryLimit: 512 };

    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      ...common,
      exclude: ['*'],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(IMMUTABLE)],
    });
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      ...common,
      exclude: [HASHED_ASSETS],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString(REVALIDATE)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);
    this.deployments.push(assets, shell);
    this.acknowledgeDeploymentHandler(role);
  }

  private acknowledgeDeploymentHandler(role: iam.Role): void {
    const stack = Stack.of(this);
    const why = 'CDK BucketDeployment handler (aws s3 sync of web/dist into the site bucket):';
    const qualifier = (stack.node.tryGetContext(BOOTSTRAP_QUALIFIER_CONTEXT) as string | undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace('${Qualifier}', qualifier)
      .replace('${AWS::AccountId}', stack.account)
      .replace('${AWS::Region}', stack.region);
    const siteBucketId = stack.resolve((this.siteBucket.node.defaultChild as s3.CfnBucket).logicalId) as string;
    acknowledge(role, 'IAM5[Action::s3:GetObject*]', `${why} CDK's read grant on the CDK asset bucket (GetObject, GetObjectVersion...).`);
    acknowledge(role, 'IAM5[Action::s3:GetBucket*]', `${why} CDK grants s3:GetBucket* on the asset and site buckets, needed by sync.`);
    acknowledge(role, 'IAM5[Action::s3:List*]', `${why} sync lists the source and the destination.`);
    acknowledge(role, 'IAM5[Action::s3:DeleteObject*]', `${why} pruning deletes files removed from web/dist, in the site bucket only.`);
    acknowledge(role, 'IAM5[Action::s3:Abort*]', `${why} aborts its own failed multipart uploads in the site bucket.`);
    acknowledge(
      role,
      `IAM5[Resource::arn:${stack.partition}:s3:::${assetBucket}/*]`,
      `${why} reads the web/dist zip from the CDK bootstrap asset bucket; its object key is a content hash CDK chooses at synthesis.`,
    );
    acknowledge(role, `IAM5[Resource::<${siteBucketId}.Arn>/*]`, `${why} writes any object of the site bucket: that is its job.`);
    acknowledge(role, 'IAM5[Resource::*]', `${why} cloudfront:CreateInvalidation/GetInvalidation, granted on * by CDK.`);
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledge(child, 'L1', `${why} CDK pins the runtime of its own handler (Python with the AWS CLI layer); updated with aws-cdk-lib.`);
      }
    }
  }
}
