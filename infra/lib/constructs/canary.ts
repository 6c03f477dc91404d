import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as synthetics from 'aws-cdk-lib/aws-synthetics';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

/** The page the canary opens in its browser, and what its title must say once the app has rendered it. */
export const CANARY_PAGE = { path: '/predictions', title: 'Predictions' };

/**
 * The canary's script (CloudWatch Synthetics, Node.js with Puppeteer): the health probe must answer
 * 200 with the table reachable, then the predictions page must load in a real browser and render
 * its title. A thrown error fails the run. `SITE_URL` is the site's origin.
 */
export const CANARY_SOURCE = `const synthetics = require('Synthetics');
const log = require('SyntheticsLogger');

exports.handler = async () => {
  const site = process.env.SITE_URL;
  await synthetics.executeStep('health', async () => {
    const response = await fetch(site + '/api/health', { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(15000) });
    const body = await response.json().catch(() => ({}));
    if (response.status !== 200 || body.status !== 'ok' || body.table !== 'reachable') {
      throw new Error('GET /api/health answered ' + response.status + ' ' + JSON.stringify(body));
    }
    log.info('health ok');
  });
  await synthetics.executeStep('page', async () => {
    const page = await synthetics.getPage();
    const response = await page.goto(site + ${JSON.stringify(CANARY_PAGE.path)}, { waitUntil: 'domcontentloaded', timeout: 30000 });
    if (!response || response.status() >= 400) throw new Error('GET ${CANARY_PAGE.path} answered ' + (response ? response.status() : 'nothing'));
    await page.waitForFunction((title) => document.title.includes(title), { timeout: 15000 }, ${JSON.stringify(CANARY_PAGE.title)});
    log.info('page ok');
  });
};
`;

export interface SiteCanaryProps {
  /** Lower-case letters, digits, hyphens; at most 21 characters. */
  name: string;
  siteOrigin: string;
  rate: Duration;
  retain: boolean;
}

/**
 * A CloudWatch Synthetics canary that checks the site from outside, as a user reaches it (through
 * CloudFront and the WAF): the health probe and one page. Its `SuccessPercent` metric feeds an
 * alarm that pages. Screenshots and logs of each run go to a private bucket for 30 days.
 */
export class SiteCanary extends Construct {
  readonly canary: synthetics.Canary;
  readonly rate: Duration;

  constructor(scope: Construct, id: string, props: SiteCanaryProps) {
    super(scope, id);
    if (!/^[a-z0-9_-]{1,21}$/.test(props.name)) throw new Error(`Canary name '${props.name}': at most 21 lower-case letters, digits, hyphens or underscores`);
    this.rate = props.rate;
    const artifacts = new s3.Bucket(this, 'Artifacts', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      lifecycleRules: [{ expiration: Duration.days(30) }],
      ...(props.retain ? { removalPolicy: RemovalPolicy.RETAIN } : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }),
    });
    acknowledge(
      artifacts,
      'S1',
      "The canary's own screenshots and run logs, written only by the canary's role and kept 30 days; access logs of it would log the canary.",
    );
    this.canary = new synthetics.Canary(this, 'Canary', {
      canaryName: props.name,
      runtime: synthetics.Runtime.SYNTHETICS_NODEJS_PUPPETEER_13_0,
      test: synthetics.Test.custom({ code: synthetics.Code.fromInline(CANARY_SOURCE), handler: 'index.handler' }),
      schedule: synthetics.Schedule.rate(props.rate),
      environmentVariables: { SITE_URL: props.siteOrigin },
      artifactsBucketLocation: { bucket: artifacts },
      timeout: Duration.minutes(1),
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(30),
      provisionedResourceCleanup: true,
    });
    const stack = Stack.of(this);
    const why = "CDK's canary role (CloudWatch Synthetics):";
    const bucketId = stack.resolve((artifacts.node.defaultChild as s3.CfnBucket).logicalId) as string;
    acknowledge(
      this.canary.role,
      'IAM5[Resource::*]',
      `${why} cloudwatch:PutMetricData (limited to the CloudWatchSynthetics namespace by condition) and s3:ListAllMyBuckets have no resource-level permissions.`,
    );
    acknowledge(
      this.canary.role,
      `IAM5[Resource::<${bucketId}.Arn>/*]`,
      `${why} writes each run's screenshots and logs under a key Synthetics chooses, in its own bucket only.`,
    );
    acknowledge(
      this.canary.role,
      `IAM5[Resource::arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:/aws/lambda/cwsyn-*]`,
      `${why} the canary's Lambda log group, named by Synthetics with a random suffix (cwsyn-<name>-<id>).`,
    );
  }
}
