/**
 * Deployment settings, read once from CDK context (`-c key=value`, the root cdk.json, or a stage's
 * object in cdk.json, e.g. `"prod": { "domainName": "..." }`). Everything a
 * stack needs to know about "where and how" lives here; "what" comes from the route manifest,
 * the queue/schedule definitions and the table definition.
 */
import type { Node } from 'constructs';

/** `staging` is prod's rehearsal: the pipeline deploys it, smoke-tests it, then prod. */
export const STAGES = ['dev', 'staging', 'prod'] as const;
export type Stage = (typeof STAGES)[number];
export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

export interface DeployConfig {
  stage: Stage;
  /** Short product prefix of physical names: `<appName>-<stage>-...` (queues, schedules, stacks). */
  appName: string;
  account: string;
  region: string;
  /**
   * Custom domain for the site (CFR4): needs `certificateArn` + `apiCertificateArn` or a hosted zone.
   * The API gets `api.<domainName>` and its default `execute-api` endpoint is switched off, so
   * CloudFront (and its WAF) is the one way in. Required for staging and prod.
   */
  domainName?: string;
  /** An existing ACM certificate in us-east-1 covering `domainName` (CloudFront). */
  certificateArn?: string;
  /** An existing ACM certificate in the app's region covering `api.<domainName>` (the API's custom domain). */
  apiCertificateArn?: string;
  /** Route 53 zone of `domainName`: the edge stack then issues the certificate and the app stack adds alias records. */
  hostedZoneId?: string;
  hostedZoneName?: string;
  /** CloudFront-scope WAF web ACL in a us-east-1 stack (managed rules + rate limits). */
  waf: boolean;
  /** Alarm notifications go to this address (SNS email subscription, confirm the email once). */
  alarmEmail?: string;
  /**
   * An existing SNS topic (same region) the area alarms also publish to: a chat or paging
   * integration (AWS Chatbot, PagerDuty). Prod needs this or `alarmEmail`.
   */
  alarmTopicArn?: string;
  /**
   * The table the functions use. Default: the data stack's own table. Set it to switch in a table
   * restored from a backup (docs/operations.md "Restore"); the data stack keeps its table untouched.
   */
  tableName?: string;
  /** Where AWS Backup copies each daily backup: another region, for a regional outage. */
  backupRegion: string;
  /**
   * `owner/name` of the GitHub repository whose workflow deploys: adds the `<appName>-github-deploy`
   * stack (OIDC provider and deploy role), once per account (docs/deploy.md "Pipeline").
   */
  githubRepo?: string;
  /** AWS Budgets: the account's monthly cost budget in USD (alerts at 80 % actual and 100 % forecast). */
  monthlyBudgetUsd: number;
  /**
   * Addresses the budget's notifications also email directly (comma-separated, at most 10: AWS
   * Budgets' limit). The budget's one SNS subscriber is the stage's topic, which already reaches `alarmEmail`.
   */
  budgetEmails?: string[];
  /**
   * The sender of the product's email. Default: `no-reply@<domainName>`. Without a domain it is
   * required for a deploy (SES verifies the address itself); offline synthesis uses a placeholder.
   */
  emailFrom?: string;
  /** Where contact-form messages go. Default: `support@<the sender's domain>`. */
  supportEmail?: string;
  /** The $29/month Stripe Price (price_...). */
  stripePriceId?: string;
  logLevel: LogLevel;
  /**
   * `false` (`-c schedules=disabled`) deploys every EventBridge Scheduler schedule in the DISABLED
   * state: nothing runs until the provider keys are in place and the operator redeploys with them
   * enabled (docs/decisions/0100-schedules-deployed-disabled-on-request.md).
   */
  schedules: boolean;
  /** Fail synthesis when web/dist is missing (set by `npm run deploy`, never by synth or tests). */
  requireWeb: boolean;
  /**
   * `false` (`-c rolloutAlarms=ignore`, break-glass): CodeDeploy shifts every alias without watching the new
   * versions' alarms, for a fix that must go out while they fire for a cause outside it (docs/deploy.md "Rollback").
   */
  rolloutAlarms: boolean;
}

/** Used for offline synthesis only (CI, tests): a real deploy gets the account from the credentials. */
export const PLACEHOLDER_ACCOUNT = '123456789012';
export const DEFAULT_REGION = 'eu-west-2';
export const DEFAULT_BACKUP_REGION = 'eu-west-1';
/**
 * Per stage: above the cost model's estimate at low traffic (docs/scaling.md; an idle staging or dev
 * stage about $52, prod at 10,000 visitors about $60), so that the 80 % alert means something changed.
 */
export const DEFAULT_MONTHLY_BUDGET_USD: Record<Stage, number> = { dev: 75, staging: 75, prod: 100 };

/** A context value that cannot be deployed; the message names the key and what to set. */
export class ConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ConfigError';
  }
}

type Lookup = (key: string) => string | undefined;

/**
 * A context value: `-c key=value` or a top-level cdk.json key first, then the same key inside the
 * stage's own object in cdk.json (`"prod": { "stripePriceId": "price_..." }`).
 */
function lookup(node: Node, stage?: string): Lookup {
  const scoped: unknown = stage ? node.tryGetContext(stage) : undefined;
  return (key) => {
    let value: unknown = node.tryGetContext(key);
    if ((value === undefined || value === null) && scoped && typeof scoped === 'object') value = (scoped as Record<string, unknown>)[key];
    if (value === undefined || value === null) return undefined;
    const s = String(value).trim();
    return s === '' ? undefined : s;
  };
}

function bool(str: Lookup, key: string, fallback: boolean): boolean {
  const value = str(key);
  if (value === undefined) return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`Context '${key}' must be true or false, got '${value}'`);
}

function schedulesEnabled(value: string | undefined): boolean {
  if (value === undefined || value === 'enabled') return true;
  if (value === 'disabled') return false;
  throw new ConfigError(`Context 'schedules' must be enabled or disabled, got '${value}'`);
}

function rolloutAlarms(value: string | undefined): boolean {
  if (value === undefined || value === 'watch') return true;
  if (value === 'ignore') return false;
  throw new ConfigError(`Context 'rolloutAlarms' must be watch or ignore (break-glass), got '${value}'`);
}

/** The rules between keys (a domain needs a certificate, prod an alarm target, ...): throws a `ConfigError` naming the first one broken. */
function refuseConflicts(config: DeployConfig, str: Lookup): void {
  if (str('adminEmails')) {
    // Registering with an address proves nothing about owning it (docs/decisions/0030-admin-role-by-operator-only.md).
    throw new ConfigError(
      "Context 'adminEmails' is no longer supported: grant the role with `npm run admin -- grant <email> --stage <stage>` (docs/deploy.md)",
    );
  }
  if (config.stage === 'prod' && !config.alarmEmail && !config.alarmTopicArn) {
    // An alarm that reaches nobody is worse than none: it looks like monitoring.
    throw new ConfigError(
      "Prod needs an alarm target: set 'alarmEmail' (an on-call address) or 'alarmTopicArn' (an SNS topic of a chat or paging integration), " +
        'e.g. `-c alarmEmail=oncall@example.com` or in the "prod" object of cdk.json (docs/deploy.md#configuration)',
    );
  }
  if (config.alarmTopicArn && !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/.test(config.alarmTopicArn)) {
    throw new ConfigError(`Context 'alarmTopicArn' must be an SNS topic ARN, got '${config.alarmTopicArn}'`);
  }
  if (config.githubRepo && !/^[\w.-]+\/[\w.-]+$/.test(config.githubRepo))
    throw new ConfigError(`Context 'githubRepo' must be owner/name, got '${config.githubRepo}'`);
  if (config.githubRepo && config.stage === 'dev') {
    throw new ConfigError(
      "Context 'githubRepo' sets up the pipeline's roles in the account of staging or prod: use it with -c stage=staging or -c stage=prod (docs/deploy.md#pipeline)",
    );
  }
  if (config.backupRegion === config.region)
    throw new ConfigError(`Context 'backupRegion' must differ from 'region' (${config.region}): the copy is for a regional outage`);
  if (config.tableName && !/^[A-Za-z0-9_.-]{3,255}$/.test(config.tableName))
    throw new ConfigError(`Context 'tableName' must be a DynamoDB table name, got '${config.tableName}'`);
  if (config.stage !== 'dev' && !config.domainName) {
    // Without a domain the API keeps its execute-api endpoint: a way in around CloudFront and the WAF
    // (docs/decisions/0240-one-way-in-through-cloudfront.md).
    throw new ConfigError(
      `Stage '${config.stage}' needs a domain: set 'domainName' with 'hostedZoneId' + 'hostedZoneName' (a Route 53 zone: certificates and DNS records are made for you), ` +
        `or 'domainName' with 'certificateArn' (us-east-1, for CloudFront) + 'apiCertificateArn' (${config.region}, for api.<domainName>), ` +
        `in the "${config.stage}" object of cdk.json or with -c (docs/deploy.md#custom-domain)`,
    );
  }
  if (config.certificateArn && !config.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new ConfigError(`Context 'certificateArn' must be an ACM certificate in us-east-1 (CloudFront only uses those), got '${config.certificateArn}'`);
  }
  if ((config.hostedZoneId === undefined) !== (config.hostedZoneName === undefined)) {
    throw new ConfigError("Context 'hostedZoneId' and 'hostedZoneName' go together");
  }
  if (config.domainName && !config.certificateArn && !config.hostedZoneId) {
    throw new ConfigError(
      `Context 'domainName' needs 'certificateArn' (an existing us-east-1 certificate) + 'apiCertificateArn' or 'hostedZoneId' + 'hostedZoneName' (to issue them)`,
    );
  }
  if (config.apiCertificateArn && !config.apiCertificateArn.startsWith(`arn:aws:acm:${config.region}:`)) {
    throw new ConfigError(
      `Context 'apiCertificateArn' must be an ACM certificate in ${config.region} (the API's region) covering api.${config.domainName ?? '<domainName>'}, got '${config.apiCertificateArn}'`,
    );
  }
  if (config.certificateArn && !config.hostedZoneId && !config.apiCertificateArn) {
    throw new ConfigError(
      `Context 'certificateArn' needs 'apiCertificateArn' too: a certificate in ${config.region} covering api.${config.domainName ?? '<domainName>'}, the API's own domain`,
    );
  }
  if (!config.domainName && (config.certificateArn || config.apiCertificateArn || config.hostedZoneId)) {
    throw new ConfigError("Context 'certificateArn'/'apiCertificateArn'/'hostedZoneId' need 'domainName'");
  }
  for (const key of ['emailFrom', 'supportEmail', 'alarmEmail'] as const) {
    const value = config[key];
    if (value && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value)) throw new ConfigError(`Context '${key}' must be an email address, got '${value}'`);
  }
  if (config.requireWeb && !config.emailFrom && !config.domainName) {
    throw new ConfigError("Context 'emailFrom' (the sender address, verified by SES) is required without 'domainName' (docs/deploy.md#email)");
  }
  for (const address of config.budgetEmails ?? []) {
    if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) throw new ConfigError(`Context 'budgetEmails' must be email addresses, got '${address}'`);
  }
  if ((config.budgetEmails?.length ?? 0) > 10) throw new ConfigError("Context 'budgetEmails' takes at most 10 addresses (AWS Budgets' limit)");
  if (config.stripePriceId && !config.stripePriceId.startsWith('price_')) {
    throw new ConfigError(`Context 'stripePriceId' must look like price_..., got '${config.stripePriceId}'`);
  }
}

/** Reads and validates the deployment context; throws a `ConfigError` naming the bad key. */
export function readConfig(node: Node, env: Record<string, string | undefined> = process.env): DeployConfig {
  const stage = (lookup(node)('stage') ?? 'dev') as Stage;
  if (!STAGES.includes(stage)) throw new ConfigError(`Context 'stage' must be ${STAGES.join(', ')}, got '${stage}'`);
  const str = lookup(node, stage);

  const appName = str('appName') ?? 'fp';
  if (!/^[a-z][a-z0-9]{0,9}$/.test(appName)) throw new ConfigError(`Context 'appName' must be 1-10 lower-case letters/digits, got '${appName}'`);

  // The CLI sets CDK_DEFAULT_ACCOUNT from the credentials; offline synthesis falls back to a placeholder
  // (a deploy with real credentials would refuse to touch the placeholder account).
  const account = str('account') ?? env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT;
  if (!/^\d{12}$/.test(account)) throw new ConfigError(`Context 'account' must be a 12-digit AWS account id, got '${account}'`);
  const region = str('region') ?? DEFAULT_REGION;
  const backupRegion = str('backupRegion') ?? (region === DEFAULT_BACKUP_REGION ? DEFAULT_REGION : DEFAULT_BACKUP_REGION);
  const budget = Number(str('monthlyBudgetUsd') ?? DEFAULT_MONTHLY_BUDGET_USD[stage]);
  if (!Number.isFinite(budget) || budget <= 0)
    throw new ConfigError(`Context 'monthlyBudgetUsd' must be a positive number of dollars, got '${str('monthlyBudgetUsd')}'`);

  const logLevel = (str('logLevel') ?? 'INFO').toUpperCase();
  if (!['DEBUG', 'INFO', 'WARN', 'ERROR'].includes(logLevel)) throw new ConfigError(`Context 'logLevel' must be DEBUG, INFO, WARN or ERROR, got '${logLevel}'`);

  const config: DeployConfig = {
    stage,
    appName,
    account,
    region,
    domainName: str('domainName'),
    certificateArn: str('certificateArn'),
    apiCertificateArn: str('apiCertificateArn'),
    hostedZoneId: str('hostedZoneId'),
    hostedZoneName: str('hostedZoneName'),
    waf: bool(str, 'waf', true),
    alarmEmail: str('alarmEmail'),
    alarmTopicArn: str('alarmTopicArn'),
    tableName: str('tableName'),
    githubRepo: str('githubRepo'),
    backupRegion,
    monthlyBudgetUsd: budget,
    budgetEmails: str('budgetEmails')
      ?.split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    emailFrom: str('emailFrom'),
    supportEmail: str('supportEmail'),
    stripePriceId: str('stripePriceId'),
    logLevel: logLevel as LogLevel,
    schedules: schedulesEnabled(str('schedules')),
    requireWeb: bool(str, 'requireWeb', false),
    rolloutAlarms: rolloutAlarms(str('rolloutAlarms')),
  };

  refuseConflicts(config, str);
  return config;
}

/** `api.predictions.example.com`: the API's own domain, behind CloudFront (undefined without a domain). */
export function apiDomainName(config: Pick<DeployConfig, 'domainName'>): string | undefined {
  return config.domainName ? `api.${config.domainName}` : undefined;
}

/** `fp-dev-`: the prefix of every physical name this app chooses itself. */
export function namePrefix(config: Pick<DeployConfig, 'appName' | 'stage'>): string {
  return `${config.appName}-${config.stage}-`;
}
