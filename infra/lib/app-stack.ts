import { Aws, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import type { Construct } from 'constructs';
import type { ScheduleDefinition } from '@app/events/schedules';
import type { ConsumerDefinition, RouteDefinition, TaskDefinition } from '@app/functions/routes';
import { namePrefix, type DeployConfig } from './config.ts';
import { Api } from './constructs/api.ts';
import { AppFunction } from './constructs/app-function.ts';
import { Data } from './constructs/data.ts';
import { Email } from './constructs/email.ts';
import { Jobs } from './constructs/jobs.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { Secrets } from './constructs/secrets.ts';
import { Tasks } from './constructs/tasks.ts';
import { Web } from './constructs/web.ts';
import { consumerFunctionSpecs, httpFunctionSpecs, taskFunctionSpecs, type FunctionSpec } from './manifest.ts';

/**
 * HTTP functions that sign or verify session cookies: any route with a session (every auth level
 * but `public`) or one that signs in (`password`). Queue consumers, the Stripe webhook and public
 * reads never see the session key.
 */
export function verifiesSessions(spec: FunctionSpec): boolean {
  return spec.kind === 'http' && spec.routes.some((r) => !r.rawBody && (r.auth !== 'public' || r.password === true));
}

/** Structured logs carry this service name (Powertools). */
export const SERVICE_NAME = 'football-predictions';

export interface AppStackProps extends StackProps {
  config: DeployConfig;
  /** functions/src/routes.ts `routes` (tests pass synthetic lists). */
  routes: readonly RouteDefinition[];
  /** functions/src/routes.ts `consumers`; may be empty. */
  consumers: readonly ConsumerDefinition[];
  /** events/src/schedules.ts `schedules`. */
  schedules: readonly ScheduleDefinition[];
  /** functions/src/routes.ts `tasks` (scheduled functions outside the job pipeline); default none. */
  tasks?: readonly TaskDefinition[];
  /** Prebuilt Lambda bundles (lib/bundling.ts); may be undefined when CDK skips bundling. */
  bundleDir?: string;
  /** The built SPA to upload; undefined: no upload. */
  webDist?: string;
  /** From the us-east-1 edge stack. */
  webAclArn?: string;
  certificate?: acm.ICertificate;
}

/**
 * The whole product in one region: table, secrets, job queues and schedules, the HTTP API and
 * its functions (generated from the route manifest), the site behind CloudFront, monitoring.
 */
export class AppStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly jobs: Jobs;
  readonly tasks: Tasks;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;
  readonly email: Email;
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const prefix = namePrefix(config);
    const logRetention = prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS;
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Specs first: a bad manifest fails before any resource exists.
    const httpSpecs = httpFunctionSpecs(props.routes);
    const consumerSpecs = consumerFunctionSpecs(props.consumers);
    const taskSpecs = taskFunctionSpecs(props.tasks ?? []);

    this.data = new Data(this, 'Data', { retain: prod });
    this.secrets = new Secrets(this, 'Secrets', { retain: prod });
    this.jobs = new Jobs(this, 'Jobs', { prefix, schedules: props.schedules, enabled: config.schedules });
    this.tasks = new Tasks(this, 'Tasks', { prefix, deadLetterQueue: this.jobs.scheduleDeadLetterQueue, enabled: config.schedules });
    this.api = new Api(this, 'Api', {
      throttle: prod ? { rateLimit: 100, burstLimit: 200 } : { rateLimit: 20, burstLimit: 40 },
      passwordThrottle: prod ? { rateLimit: 20, burstLimit: 40 } : { rateLimit: 5, burstLimit: 10 },
      logRetention,
      removalPolicy,
    });

    this.email = this.emailIdentity(config);
    const domain = this.customDomain(config, props.certificate);
    this.web = new Web(this, 'Web', {
      // A dynamic reference: the value is resolved by CloudFormation and never appears in the template.
      originVerifyToken: this.secrets.originVerify.secretValue.unsafeUnwrap(),
      apiDomainName: `${this.api.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      webDist: props.webDist,
      retain: prod,
      logRetention,
      domain,
      webAclArn: props.webAclArn,
      cachedReads: props.routes.flatMap((r) => (r.cdn && r.method === 'GET' ? [{ path: r.path, cdn: r.cdn }] : [])),
    });

    const supportEmail = config.supportEmail ?? `support@${this.email.sender.split('@')[1]}`;
    const common: Record<string, string> = {
      STAGE: config.stage,
      EMAIL_DRIVER: 'ses',
      APP_ORIGIN: this.web.origin,
      TABLE_NAME: this.data.table.tableName,
      QUEUE_DRIVER: 'sqs',
      QUEUE_URL_PREFIX: this.jobs.queueUrlPrefix,
      LOG_LEVEL: config.logLevel,
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    };
    const environmentOf = (spec: FunctionSpec): Record<string, string> => ({
      ...common,
      ...(verifiesSessions(spec) ? { SESSION_SECRET_ARN: this.secrets.session.secretArn } : {}),
      ...(spec.kind === 'http' ? { ORIGIN_VERIFY_SECRET_ARN: this.secrets.originVerify.secretArn } : {}),
      // Read-only functions also skip the session lastSeenAt write (they could not do it anyway).
      TABLE_ACCESS: spec.access,
      ...(spec.uses.includes('stripe')
        ? { STRIPE_SECRET_ARN: this.secrets.stripe.secretArn, ...(config.stripePriceId ? { STRIPE_PRICE_ID: config.stripePriceId } : {}) }
        : {}),
      ...(spec.uses.includes('providers') ? { PROVIDERS_SECRET_ARN: this.secrets.providers.secretArn } : {}),
      ...(spec.uses.includes('ses') ? { EMAIL_FROM: this.email.sender, SUPPORT_EMAIL: supportEmail } : {}),
    });

    for (const spec of [...httpSpecs, ...consumerSpecs, ...taskSpecs]) {
      const fn = new AppFunction(this, spec.id, {
        spec,
        bundleDir: props.bundleDir,
        environment: environmentOf(spec),
        logLevel: config.logLevel,
        logRetention,
        removalPolicy,
      });
      this.data.grant(fn.role, spec.access);
      if (verifiesSessions(spec)) Secrets.grantRead(fn.role, this.secrets.session);
      if (spec.kind === 'http') Secrets.grantRead(fn.role, this.secrets.originVerify);
      if (spec.uses.includes('stripe')) Secrets.grantRead(fn.role, this.secrets.stripe);
      if (spec.uses.includes('providers')) Secrets.grantRead(fn.role, this.secrets.providers);
      if (spec.uses.includes('queue')) this.jobs.grantSend(fn.role);
      if (spec.uses.includes('email')) this.jobs.grantSend(fn.role, ['email']);
      if (spec.uses.includes('ses')) this.email.grantSend(fn.role);
      if (spec.kind === 'consumer') {
        if (spec.queue) this.jobs.addConsumer(fn);
        else this.jobs.addDeadLetterConsumer(fn);
      } else if (spec.kind === 'task') {
        this.tasks.add(fn);
      } else {
        this.api.addFunction(fn);
      }
      this.functions.push(fn);
    }

    this.addDnsRecords(config);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      prefix,
      functions: this.functions,
      jobs: this.jobs,
      stage: this.api.stage,
      distribution: this.web.distribution,
      alarmEmail: config.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { description: 'The site (SPA and API share this origin)', value: this.web.origin });
    new CfnOutput(this, 'ApiUrl', { description: 'The API as clients call it (through CloudFront)', value: `${this.web.origin}/api` });
    new CfnOutput(this, 'StripeWebhookUrl', {
      description: 'Register this endpoint in the Stripe dashboard',
      value: `${this.web.origin}/api/stripe/webhook`,
    });
    new CfnOutput(this, 'HttpApiUrl', {
      description: 'The HTTP API endpoint behind CloudFront (diagnostics only; clients use ApiUrl)',
      value: this.api.httpApi.apiEndpoint,
    });
    new CfnOutput(this, 'StripeSecretArn', { description: 'Put {"secretKey","webhookSecret"} here', value: this.secrets.stripe.secretArn });
    new CfnOutput(this, 'ProvidersSecretArn', {
      description: 'Put {"footballDataOrgToken","oddsApiKey"} here',
      value: this.secrets.providers.secretArn,
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'QueueUrlPrefix', {
      description: 'A job queue URL is this plus its name; `npm run jobs -- run <type> --stage <stage>` sends to the planner queue',
      value: this.jobs.queueUrlPrefix,
    });
    new CfnOutput(this, 'SessionSecretArn', {
      description: 'Generated; put a new value only to sign everyone out',
      value: this.secrets.session.secretArn,
    });
    new CfnOutput(this, 'OriginVerifySecretArn', {
      description: 'Generated; put a new value only together with a deploy (docs/security.md)',
      value: this.secrets.originVerify.secretArn,
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      description: 'Point a custom domain here (CNAME/alias) when its DNS is not in Route 53',
      value: this.web.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'Subscribe on-call to this topic', value: this.monitoring.topic.topicArn });
  }

  /** The SES identity: the site's domain (DKIM records added when its zone is ours), else the sender address. */
  private emailIdentity(config: DeployConfig): Email {
    const zone =
      config.domainName && config.hostedZoneId && config.hostedZoneName && config.domainName === config.hostedZoneName
        ? route53.HostedZone.fromHostedZoneAttributes(this, 'EmailZone', { hostedZoneId: config.hostedZoneId, zoneName: config.hostedZoneName })
        : undefined;
    // Offline synthesis (tests, `npm run synth`) without a sender gets a placeholder; a deploy refuses it (config.ts).
    const sender = config.emailFrom ?? (config.domainName ? `no-reply@${config.domainName}` : 'no-reply@example.com');
    return new Email(this, 'Email', { sender, ...(config.domainName ? { domain: config.domainName } : {}), ...(zone ? { zone } : {}) });
  }

  private customDomain(config: DeployConfig, issued?: acm.ICertificate): { name: string; certificate: acm.ICertificate } | undefined {
    if (!config.domainName) return undefined;
    const certificate = config.certificateArn ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn) : issued;
    if (!certificate) throw new Error(`No certificate for ${config.domainName}: the edge stack should have issued one`);
    return { name: config.domainName, certificate };
  }

  /** Alias records for the custom domain, when its hosted zone is ours. */
  private addDnsRecords(config: DeployConfig): void {
    if (!config.domainName || !config.hostedZoneId || !config.hostedZoneName) return;
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: config.hostedZoneId, zoneName: config.hostedZoneName });
    const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.web.distribution));
    new route53.ARecord(this, 'AliasA', { zone, recordName: config.domainName, target });
    new route53.AaaaRecord(this, 'AliasAaaa', { zone, recordName: config.domainName, target });
  }
}
