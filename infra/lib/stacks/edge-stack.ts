import { ArnFormat, CfnOutput, CrossStackReferences, ReferenceStrength, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { namePrefix, type DeployConfig } from '../config.ts';

/**
 * Per client IP, per 5 minutes. Only password-bearing POSTs count towards the auth limit (reads
 * such as /api/auth/me on every page load, and logout, must not use it up); the per-account
 * attempt limiter lives in the app (docs/decisions/0032-password-attempt-limiter.md).
 */
export const AUTH_RATE_LIMIT = 100;
export const API_RATE_LIMIT = 1000;
const WINDOW_SECONDS = 300;

/**
 * Outputs a previous release published and a consumer's deployed template may still read (its
 * rollback would read them again): kept, under their logical id, for one release after their last
 * reader stopped using them. The weak references of the certificate and the web ACL (Fn::GetStackOutput)
 * became strong ones in the release that adds this list; remove an entry in the release after.
 */
export const RETIRED_OUTPUTS: Record<string, 'certificate' | 'webAcl'> = {
  PublishOutputRefCertificate4E7ABB08FF286F7F: 'certificate',
  PublishOutputFnGetAttWebAclArn773D5034: 'webAcl',
};

export interface EdgeStackProps extends StackProps {
  config: DeployConfig;
  /** Paths whose body is a signed payload from a third party (Stripe webhook): no body inspection. */
  rawBodyPaths: readonly string[];
  /** POST paths whose body carries a password (`password: true` in the route manifest). */
  passwordPaths: readonly string[];
  /**
   * Paths outside /api/ that a function serves (`/sitemap.xml`, `/teams/{slug}`, ...): the API rate
   * rule counts them too, since each miss at the edge runs a function and reads the table.
   */
  functionPagePaths?: readonly string[];
}

/**
 * The path as the API will route it: percent-decoded (API Gateway decodes `/api/auth/%6Cogin` to
 * the login route) and lower-cased, so neither an encoding nor a case change slips past a rule
 * (docs/decisions/0240-one-way-in-through-cloudfront.md).
 */
const PATH_TRANSFORMATIONS: wafv2.CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'LOWERCASE' },
];

const uriPath = (positionalConstraint: 'STARTS_WITH' | 'EXACTLY', searchString: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    // Compared after LOWERCASE: an upper-case letter here could never match.
    searchString: searchString.toLowerCase(),
    textTransformations: PATH_TRANSFORMATIONS,
  },
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0]! : { orStatement: { statements } };

const isPost: wafv2.CfnWebACL.StatementProperty = {
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: 'POST',
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
};

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Headers WAF logs never hold: the session cookie and any credential a client sends. */
export const WAF_REDACTED_HEADERS = ['cookie', 'authorization'];
/** `aws-waf-logs-fp-prod`: WAF only delivers to log groups whose name starts with `aws-waf-logs-`. */
export const wafLogGroupName = (config: DeployConfig) => `aws-waf-logs-${namePrefix(config).replace(/-$/, '')}`;

/** A route's path as a WAF match: a path with a {param} is matched on its literal prefix. */
const routePath = (p: string) => (p.includes('{') ? uriPath('STARTS_WITH', p.slice(0, p.indexOf('{'))) : uriPath('EXACTLY', p));

/**
 * What CloudFront needs from us-east-1: the WAF web ACL (CLOUDFRONT scope exists only there) with
 * its request log, and, when we issue it, the custom domain's certificate. The site stack reads
 * both through strong cross-region references (CDK's export writer and reader, SSM parameters in the
 * app region): CloudFront follows a new certificate or web ACL in the same deploy.
 */
export class EdgeStack extends Stack {
  readonly webAclArn?: string;
  readonly certificate?: acm.ICertificate;
  readonly wafLogs?: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;

    if (config.waf) {
      const managed = (priority: number, name: string, scopeDownStatement?: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
        name,
        priority,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(scopeDownStatement ? { scopeDownStatement } : {}) } },
        visibilityConfig: visibility(name),
      });
      // The common rule set inspects bodies (8 KB size limit, XSS patterns): a signed Stripe event
      // can exceed 8 KB, and the handler verifies its signature anyway.
      const matchers = props.rawBodyPaths.map(routePath);
      const notRawBody: wafv2.CfnWebACL.StatementProperty | undefined = matchers.length === 0 ? undefined : { notStatement: { statement: anyOf(matchers) } };

      // No password-bearing route (a test manifest): no rule, rather than one matching everything.
      const authRule: wafv2.CfnWebACL.RuleProperty[] =
        props.passwordPaths.length === 0
          ? []
          : [
              {
                name: 'RateLimitAuth',
                priority: 0,
                action: { block: {} },
                statement: {
                  rateBasedStatement: {
                    limit: AUTH_RATE_LIMIT,
                    evaluationWindowSec: WINDOW_SECONDS,
                    aggregateKeyType: 'IP',
                    scopeDownStatement: { andStatement: { statements: [isPost, anyOf(props.passwordPaths.map((p) => uriPath('EXACTLY', p)))] } },
                  },
                },
                visibilityConfig: visibility('RateLimitAuth'),
              },
            ];
      const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
        scope: 'CLOUDFRONT',
        defaultAction: { allow: {} },
        visibilityConfig: visibility('WebAcl'),
        rules: [
          ...authRule,
          {
            name: 'RateLimitApi',
            priority: 1,
            action: { block: {} },
            statement: {
              rateBasedStatement: {
                limit: API_RATE_LIMIT,
                evaluationWindowSec: WINDOW_SECONDS,
                aggregateKeyType: 'IP',
                scopeDownStatement: anyOf([uriPath('STARTS_WITH', '/api/'), ...(props.functionPagePaths ?? []).map(routePath)]),
              },
            },
            visibilityConfig: visibility('RateLimitApi'),
          },
          managed(2, 'AWSManagedRulesAmazonIpReputationList'),
          managed(3, 'AWSManagedRulesCommonRuleSet', notRawBody),
          managed(4, 'AWSManagedRulesKnownBadInputsRuleSet'),
        ],
      });
      // A strong reference: the site stack's distribution is updated whenever the ARN changes, and
      // the web ACL cannot be removed while the distribution uses it (a weak one resolves only when
      // the site stack itself changes).
      CrossStackReferences.of(acl).produce(ReferenceStrength.STRONG);
      this.webAclArn = acl.attrArn;
      this.wafLogs = this.logRequests(config, acl);
    }

    if (config.domainName && config.hostedZoneId && config.hostedZoneName && !config.certificateArn) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: config.hostedZoneId,
        zoneName: config.hostedZoneName,
      });
      const certificate = new acm.Certificate(this, 'Certificate', {
        domainName: config.domainName,
        validation: acm.CertificateValidation.fromDns(zone),
      });
      CrossStackReferences.of(certificate).produce(ReferenceStrength.STRONG);
      this.certificate = certificate;
    }

    const kept = { certificate: this.certificate?.certificateArn, webAcl: this.webAclArn };
    for (const [logicalId, what] of Object.entries(RETIRED_OUTPUTS)) {
      const value = kept[what];
      if (!value) continue;
      const output = new CfnOutput(this, `Retired${logicalId}`, {
        description: 'Kept one release for a consumer that read it by Fn::GetStackOutput (infra/lib/stacks/edge-stack.ts RETIRED_OUTPUTS)',
        value,
      });
      output.overrideLogicalId(logicalId);
    }
  }

  /**
   * Every request the web ACL judged (which rule, what action, the client's address and path), kept
   * in CloudWatch Logs for the stage's log retention: what a blocked user or an attack looks like.
   * Cookies and authorization headers are redacted.
   */
  private logRequests(config: DeployConfig, acl: wafv2.CfnWebACL): logs.LogGroup {
    const name = wafLogGroupName(config);
    const logGroup = new logs.LogGroup(this, 'WafLogs', {
      logGroupName: name,
      retention: config.stage === 'prod' ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      // Named (WAF needs the prefix): retained on update and delete, but removed when a first create
      // fails, so that the retry can create it again (docs/decisions/0288-retries-after-a-failed-first-create.md).
      removalPolicy: config.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: acl.attrArn,
      // The log group's ARN without the `:*` CloudWatch appends: WAF's required form.
      logDestinationConfigs: [this.formatArn({ service: 'logs', resource: 'log-group', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
      redactedFields: WAF_REDACTED_HEADERS.map((header) => ({ singleHeader: { Name: header } })),
    });
    logging.node.addDependency(logGroup);
    return logGroup;
  }
}
