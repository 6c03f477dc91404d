/**
 * Deployment settings, read once from CDK context (`cdk.json` or `-c key=value`). Everything a
 * stack needs to know about "where and how" lives here; "what" comes from the route manifest,
 * the queue/schedule definitions and the table definition.
 */
import type { Node } from 'constructs';

export type Stage = 'dev' | 'prod';
export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

export interface DeployConfig {
  stage: Stage;
  /** Short product prefix of physical names: `<appName>-<stage>-...` (queues, schedules, stacks). */
  appName: string;
  account: string;
  region: string;
  /** Custom domain for the site (CFR4): needs `certificateArn` (us-east-1) or a hosted zone. */
  domainName?: string;
  /** An existing ACM certificate in us-east-1 covering `domainName`. */
  certificateArn?: string;
  /** Route 53 zone of `domainName`: the edge stack then issues the certificate and the app stack adds alias records. */
  hostedZoneId?: string;
  hostedZoneName?: string;
  /** CloudFront-scope WAF web ACL in a us-east-1 stack (managed rules + rate limits). */
  waf: boolean;
  /** Alarm notifications go to this address (SNS email subscription, confirm the email once). */
  alarmEmail?: string;
  /** The $29/month Stripe Price (price_...). */
  stripePriceId?: string;
  /** Comma-separated emails that get the admin role when they register. */
  adminEmails?: string;
  logLevel: LogLevel;
  /** Fail synthesis when web/dist is missing (set by `npm run deploy`, never by synth or tests). */
  requireWeb: boolean;
}

/** Used for offline synthesis only (CI, tests): a real deploy gets the account from the credentials. */
export const PLACEHOLDER_ACCOUNT = '123456789012';
export const DEFAULT_REGION = 'eu-west-2';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function str(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return undefined;
  const s = String(value).trim();
  return s === '' ? undefined : s;
}

function bool(node: Node, key: string, fallback: boolean): boolean {
  const value = str(node, key);
  if (value === undefined) return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`Context '${key}' must be true or false, got '${value}'`);
}

/** Reads and validates the deployment context; throws a `ConfigError` naming the bad key. */
export function readConfig(node: Node, env: Record<string, string | undefined> = process.env): DeployConfig {
  const stage = str(node, 'stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') throw new ConfigError(`Context 'stage' must be dev or prod, got '${stage}'`);

  const appName = str(node, 'appName') ?? 'fp';
  if (!/^[a-z][a-z0-9]{0,9}$/.test(appName)) throw new ConfigError(`Context 'appName' must be 1-10 lower-case letters/digits, got '${appName}'`);

  // The CLI sets CDK_DEFAULT_ACCOUNT from the credentials; offline synthesis falls back to a placeholder
  // (a deploy with real credentials would refuse to touch the placeholder account).
  const account = str(node, 'account') ?? env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT;
  if (!/^\d{12}$/.test(account)) throw new ConfigError(`Context 'account' must be a 12-digit AWS account id, got '${account}'`);
  const region = str(node, 'region') ?? DEFAULT_REGION;

  const logLevel = (str(node, 'logLevel') ?? 'INFO').toUpperCase();
  if (!['DEBUG', 'INFO', 'WARN', 'ERROR'].includes(logLevel)) throw new ConfigError(`Context 'logLevel' must be DEBUG, INFO, WARN or ERROR, got '${logLevel}'`);

  const config: DeployConfig = {
    stage,
    appName,
    account,
    region,
    domainName: str(node, 'domainName'),
    certificateArn: str(node, 'certificateArn'),
    hostedZoneId: str(node, 'hostedZoneId'),
    hostedZoneName: str(node, 'hostedZoneName'),
    waf: bool(node, 'waf', true),
    alarmEmail: str(node, 'alarmEmail'),
    stripePriceId: str(node, 'stripePriceId'),
    adminEmails: str(node, 'adminEmails'),
    logLevel: logLevel as LogLevel,
    requireWeb: bool(node, 'requireWeb', false),
  };

  if (config.certificateArn && !config.certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new ConfigError(`Context 'certificateArn' must be an ACM certificate in us-east-1 (CloudFront only uses those), got '${config.certificateArn}'`);
  }
  if ((config.hostedZoneId === undefined) !== (config.hostedZoneName === undefined)) {
    throw new ConfigError("Context 'hostedZoneId' and 'hostedZoneName' go together");
  }
  if (config.domainName && !config.certificateArn && !config.hostedZoneId) {
    throw new ConfigError(`Context 'domainName' needs 'certificateArn' (an existing us-east-1 certificate) or 'hostedZoneId' + 'hostedZoneName' (to issue one)`);
  }
  if (!config.domainName && (config.certificateArn || config.hostedZoneId)) {
    throw new ConfigError("Context 'certificateArn'/'hostedZoneId' need 'domainName'");
  }
  if (config.stripePriceId && !config.stripePriceId.startsWith('price_')) {
    throw new ConfigError(`Context 'stripePriceId' must look like price_..., got '${config.stripePriceId}'`);
  }
  return config;
}

/** `fp-dev-`: the prefix of every physical name this app chooses itself. */
export function namePrefix(config: Pick<DeployConfig, 'appName' | 'stage'>): string {
  return `${config.appName}-${config.stage}-`;
}
