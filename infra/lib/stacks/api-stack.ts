import { Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { namePrefix, type DeployConfig } from '../config.ts';
import { alarmAtLeast, FIVE_MINUTES, latencyP99Alarm, logLineCount, metricNamespace, namedAlarm, type NamedAlarm } from '../constructs/alarms.ts';
import { API_THROTTLE } from '../capacity.ts';
import { Api } from '../constructs/api.ts';
import { Rollout, type AppFunction } from '../constructs/app-function.ts';
import { createFunction, type FunctionContext } from '../functions.ts';
import { areaOf, type FunctionSpec } from '../manifest.ts';

/** API 5xx per 5 minutes that raise the alarm (function errors alarm on the first one). */
export const API_5XX_THRESHOLD = 5;
/**
 * Wrong passwords (login, change-password, account deletion, self-exclusion) per 5 minutes, across all clients, that raise the
 * alarm: a credential-stuffing or guessing burst (the per-account limiter slows each one down,
 * this tells a human). Normal traffic sees a handful.
 */
export const FAILED_LOGIN_BURST = 50;
/** The API's p99 latency (ms, 15 minutes in a row) that pages: pages feel broken well before the 29 s timeouts. */
export const API_LATENCY_P99_MS = 3000;
/**
 * The share of API answers that are 4xx (%, over 15 minutes, at least `API_4XX_MIN_REQUESTS`) that
 * raises a ticket: far above the visitors' 401s and 404s, what a broken client or a prober looks like.
 */
export const API_4XX_RATE_PERCENT = 25;
export const API_4XX_MIN_REQUESTS = 100;
/** 429s (the API's own throttles, stage or route) per 5 minutes that raise a ticket: real users are being turned away. */
export const API_429_THRESHOLD = 10;

/**
 * Answers 400 on a raw-body (Stripe-signed) route per hour that raise a ticket: a wrong webhook
 * signing secret refuses every delivery (Stripe retries each for 3 days); a prober sends one or two.
 */
export const WEBHOOK_REFUSED_PER_HOUR = 3;

/** The security events (packages/platform/src/security-log.ts) that count as a failed password. */
export const FAILED_PASSWORD_EVENTS = ['login_failed', 'password_change_failed', 'account_delete_failed', 'self_exclusion_failed'] as const;

/** `http/auth/login` -> `auth`: the group of routes whose functions share a nested stack. */
export const routeGroupOf = (spec: Pick<FunctionSpec, 'handler'>) => spec.handler.split('/')[1] ?? 'misc';

export interface ApiStackProps extends StackProps {
  config: DeployConfig;
  httpSpecs: readonly FunctionSpec[];
  httpApi: apigw.IHttpApi;
  /** `api.<domainName>` (site stack): the stage is mapped onto it. */
  apiDomain?: apigw.IDomainName;
  functionContext: Omit<FunctionContext, 'config'>;
}

/**
 * The HTTP API's stage and every HTTP function, generated from the route manifest. Each route
 * group (`functions/src/http/<group>/`) is a nested stack of its own, so a stack holds a dozen
 * functions at most and a new group of routes adds a nested stack, never a resource to a full one.
 */
export class ApiStack extends Stack {
  readonly api: Api;
  readonly groups = new Map<string, NestedStack>();
  readonly functions: AppFunction[] = [];
  readonly areaAlarms: NamedAlarm[] = [];
  readonly api5xx: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prod = config.stage === 'prod';
    const prefix = namePrefix(config);
    const namespace = metricNamespace(prefix);

    this.api = new Api(this, 'Api', {
      httpApi: props.httpApi,
      throttle: API_THROTTLE[config.stage],
      passwordThrottle: prod ? { rateLimit: 20, burstLimit: 40 } : { rateLimit: 5, burstLimit: 10 },
      logRetention: prod ? logs.RetentionDays.THREE_MONTHS : logs.RetentionDays.TWO_WEEKS,
      removalPolicy: config.stage === 'dev' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.api5xx = alarmAtLeast(
      this,
      prefix,
      'Api5xx',
      this.api.stage.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
      API_5XX_THRESHOLD,
      `The HTTP API answered ${API_5XX_THRESHOLD}+ 5xx in 5 minutes (function errors, timeouts or throttles).`,
    );
    this.areaAlarms.push({ area: 'api', alarm: this.api5xx, severity: 'page' });
    if (props.apiDomain) {
      const mapping = new apigw.ApiMapping(this, 'ApiMapping', { api: props.httpApi, domainName: props.apiDomain, stage: this.api.stage });
      mapping.node.addDependency(this.api.stage);
    }
    this.addTrafficAlarms(prefix, namespace);
    this.addWebhookAlarm(prefix, namespace, props.httpSpecs);

    const ctx = { config, ...props.functionContext };
    for (const spec of props.httpSpecs) {
      const group = this.group(routeGroupOf(spec), config);
      const fn = createFunction(group.stack, spec, ctx, group.rollout);
      this.api.addFunction(group.stack, fn);
      this.functions.push(fn);
      const routeGroup = routeGroupOf(spec);
      this.areaAlarms.push({ area: areaOf(spec), alarm: fn.errors, group: routeGroup }, { area: areaOf(spec), alarm: fn.throttles, group: routeGroup });
    }

    // A burst of wrong passwords, from the security events of the password routes.
    const passwordFunctions = this.functions.filter((f) => f.spec.routes.some((r) => r.password));
    if (passwordFunctions.length > 0) {
      const pattern = logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.message', '=', 'security'),
        logs.FilterPattern.any(...FAILED_PASSWORD_EVENTS.map((e) => logs.FilterPattern.stringValue('$.event', '=', e))),
      );
      for (const f of passwordFunctions) logLineCount(Stack.of(f), namespace, 'FailedLogins', [{ id: f.spec.id, logGroup: f.logGroup }], pattern);
      const failedLogins = new cloudwatch.Metric({ namespace, metricName: 'FailedLogins', period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
      this.areaAlarms.push({
        area: 'api',
        severity: 'page',
        alarm: alarmAtLeast(
          this,
          prefix,
          'FailedLoginBurst',
          failedLogins,
          FAILED_LOGIN_BURST,
          `${FAILED_LOGIN_BURST}+ wrong passwords in 5 minutes (login or change-password). Look at the "security" lines ` +
            "(event, network, emailHash) in the auth functions' logs for the networks and accounts involved.",
        ),
      });
    }
  }

  /** Slowness, a surge of refused requests and the API's own throttling, from the stage's metrics and access log. */
  private addTrafficAlarms(prefix: string, namespace: string): void {
    const stage = this.api.stage;
    this.areaAlarms.push({
      area: 'api',
      severity: 'page',
      alarm: latencyP99Alarm(
        this,
        prefix,
        'ApiLatencyP99',
        stage.metricLatency(),
        API_LATENCY_P99_MS,
        `The API's p99 latency was ${API_LATENCY_P99_MS} ms or more for 15 minutes: look at the slowest routes (access log responseLatency, X-Ray) and DynamoDB.`,
      ),
    });
    const fifteen = Duration.minutes(15);
    const rate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${API_4XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
      usingMetrics: {
        errors: stage.metricClientError({ period: fifteen, statistic: cloudwatch.Stats.SUM }),
        requests: stage.metricCount({ period: fifteen, statistic: cloudwatch.Stats.SUM }),
      },
      period: fifteen,
      label: '4xx %',
    });
    this.areaAlarms.push({
      area: 'api',
      alarm: namedAlarm(this, 'Api4xxRate', {
        alarmName: `${prefix}Api4xxRate`,
        alarmDescription: `${API_4XX_RATE_PERCENT} % or more of the API's answers were 4xx over 15 minutes: a client broken by a release, or someone probing. The access log's status and path say which.`,
        metric: rate,
        threshold: API_4XX_RATE_PERCENT,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    });
    const throttled = logLineCount(
      this,
      namespace,
      'ApiThrottled',
      [{ id: 'AccessLog', logGroup: this.api.accessLogs }],
      logs.FilterPattern.stringValue('$.status', '=', '429'),
    );
    this.areaAlarms.push({
      area: 'api',
      alarm: alarmAtLeast(
        this,
        prefix,
        'Api429',
        throttled,
        API_429_THRESHOLD,
        `The API turned away ${API_429_THRESHOLD}+ requests with 429 in 5 minutes (stage or password-route throttle): real users may be refused. Raise the throttle or find the client.`,
      ),
    });
  }

  /**
   * Refused Stripe webhook deliveries (raw-body routes of functions that use Stripe), counted from the access log: the handler answers 400 when the
   * Stripe-Signature does not match the body and the signing secret (or the body is no Stripe event).
   */
  private addWebhookAlarm(prefix: string, namespace: string, specs: readonly FunctionSpec[]): void {
    const keys = specs.filter((s) => s.uses.includes('stripe')).flatMap((s) => s.routes.filter((r) => r.rawBody).map((r) => `${r.method} ${r.path}`));
    if (keys.length === 0) return;
    const refused = logLineCount(
      this,
      namespace,
      'WebhookSignatureRefused',
      [{ id: 'AccessLog', logGroup: this.api.accessLogs }],
      logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.status', '=', '400'),
        logs.FilterPattern.any(...keys.map((k) => logs.FilterPattern.stringValue('$.routeKey', '=', k))),
      ),
    );
    this.areaAlarms.push({
      area: 'billing',
      alarm: alarmAtLeast(
        this,
        prefix,
        'WebhookSignatureRefused',
        refused.with({ period: Duration.hours(1) }),
        WEBHOOK_REFUSED_PER_HOUR,
        `${WEBHOOK_REFUSED_PER_HOUR}+ Stripe webhook deliveries refused (400) in an hour: most likely the signing secret in the Stripe secret is not the endpoint's (docs/deploy.md "Registering the Stripe webhook"). Stripe retries each delivery for 3 days.`,
      ),
    });
  }

  private readonly rollouts = new Map<string, Rollout>();

  private group(name: string, config: DeployConfig): { stack: NestedStack; rollout: Rollout } {
    let stack = this.groups.get(name);
    if (!stack) {
      stack = new NestedStack(this, `Routes${name[0]!.toUpperCase()}${name.slice(1)}`, {
        description: `HTTP functions and routes of functions/src/http/${name}/`,
      });
      this.groups.set(name, stack);
      // A deployment rolls back on its new version's errors only, never on the API's 5xx alarm, which a
      // bug still in the old version keeps firing while its fix rolls out.
      this.rollouts.set(name, new Rollout(stack, 'Rollout', { stage: config.stage, watchAlarms: config.rolloutAlarms }));
    }
    return { stack, rollout: this.rollouts.get(name)! };
  }
}
