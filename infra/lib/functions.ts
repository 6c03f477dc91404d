/**
 * One place that turns a function spec of the manifest into a deployed function: its
 * environment, its grants (table, secrets, queues, SES) and its gradual rollout. The api and jobs
 * stacks both build their functions through it, so every function gets the same rules.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { reservedConcurrency } from './capacity.ts';
import { namePrefix, type DeployConfig } from './config.ts';
import { AppFunction, type Rollout } from './constructs/app-function.ts';
import { metricNamespace } from './constructs/alarms.ts';
import { grantTable } from './constructs/data.ts';
import type { Email } from './constructs/email.ts';
import type { Jobs } from './constructs/jobs.ts';
import { Secrets } from './constructs/secrets.ts';
import type { FunctionSpec } from './manifest.ts';

/** Structured logs carry this service name (Powertools). */
export const SERVICE_NAME = 'football-predictions';

/**
 * Functions that hold the session key: HTTP functions that sign or verify session cookies (any
 * route with a session, every auth level but `public`, or one that signs in, `password`), and
 * those that use a key derived from it (`sessionKey`: the alert digest's unsubscribe links, signed
 * by the email consumer and checked by the unsubscribe route). Other queue consumers, the Stripe
 * webhook and public reads never see it.
 */
export function verifiesSessions(spec: FunctionSpec): boolean {
  return (spec.kind === 'http' && spec.routes.some((r) => !r.rawBody && (r.auth !== 'public' || r.password === true))) || spec.uses.includes('sessionKey');
}

/** What every function of the stage is wired to. */
export interface FunctionContext {
  config: DeployConfig;
  bundleDir: string | undefined;
  /** The table the functions use: the data stack's, or a restored one (context `tableName`). */
  tableName: string;
  secrets: Secrets;
  /** https://<domain>: APP_ORIGIN. */
  appOrigin: string;
  jobs: Jobs;
  email: Email;
  /** The SES configuration set whose bounce and complaint events suppress addresses. */
  configurationSetName: string;
}

/** The table every stage's functions use unless a restored one is switched in. */
export const defaultTableName = (config: DeployConfig) => `${namePrefix(config)}table`;

/** Builds the function of `spec` in `scope`, with exactly the environment and permissions its manifest entry asks for. */
export function createFunction(scope: Construct, spec: FunctionSpec, ctx: FunctionContext, rollout: Rollout): AppFunction {
  const { config } = ctx;
  const prod = config.stage === 'prod';
  const supportEmail = config.supportEmail ?? `support@${ctx.email.sender.split('@')[1]}`;
  const environment: Record<string, string> = {
    STAGE: config.stage,
    EMAIL_DRIVER: 'ses',
    APP_ORIGIN: ctx.appOrigin,
    TABLE_NAME: ctx.tableName,
    QUEUE_DRIVER: 'sqs',
    QUEUE_URL_PREFIX: ctx.jobs.queueUrlPrefix,
    LOG_LEVEL: config.logLevel,
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_METRICS_NAMESPACE: metricNamespace(namePrefix(config)),
    ...(verifiesSessions(spec) ? { SESSION_SECRET_ARN: ctx.secrets.session.secretArn } : {}),
    ...(spec.kind === 'http' ? { ORIGIN_VERIFY_SECRET_ARN: ctx.secrets.originVerify.secretArn } : {}),
    // Read-only functions also skip the session lastSeenAt write (they could not do it anyway).
    TABLE_ACCESS: spec.access,
    // A scheduled function logs its heartbeat under its schedule's name (the jobs stack alarms when it stops).
    ...(spec.kind === 'scheduled' && spec.schedule ? { SCHEDULE_NAME: spec.schedule.name } : {}),
    ...(spec.uses.includes('stripe')
      ? { STRIPE_SECRET_ARN: ctx.secrets.stripe.secretArn, ...(config.stripePriceId ? { STRIPE_PRICE_ID: config.stripePriceId } : {}) }
      : {}),
    ...(spec.uses.includes('providers') ? { PROVIDERS_SECRET_ARN: ctx.secrets.providers.secretArn } : {}),
    ...(spec.uses.includes('ses') ? { EMAIL_FROM: ctx.email.sender, SUPPORT_EMAIL: supportEmail, SES_CONFIGURATION_SET: ctx.configurationSetName } : {}),
  };

  const fn = new AppFunction(scope, spec.id, {
    spec,
    prefix: namePrefix(config),
    bundleDir: ctx.bundleDir,
    environment,
    logLevel: config.logLevel,
    logRetention: prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
    removalPolicy: config.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    rollout,
    reservedConcurrency: reservedConcurrency(config.stage, spec.handler),
  });
  grantTable(fn.role, ctx.tableName, spec.access);
  if (verifiesSessions(spec)) Secrets.grantRead(fn.role, ctx.secrets.session);
  if (spec.kind === 'http') Secrets.grantRead(fn.role, ctx.secrets.originVerify);
  if (spec.uses.includes('stripe')) Secrets.grantRead(fn.role, ctx.secrets.stripe);
  if (spec.uses.includes('providers')) Secrets.grantRead(fn.role, ctx.secrets.providers);
  if (spec.uses.includes('queue')) ctx.jobs.grantSend(fn.role);
  if (spec.uses.includes('email')) ctx.jobs.grantSend(fn.role, ['email']);
  if (spec.uses.includes('ses')) ctx.email.grantSend(fn.role, ctx.configurationSetName);
  return fn;
}
