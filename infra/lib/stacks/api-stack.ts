import { NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { namePrefix, type DeployConfig } from '../config.ts';
import { alarmAtLeast, FIVE_MINUTES, logLineCount, metricNamespace, type NamedAlarm } from '../constructs/alarms.ts';
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
/** The security events (packages/platform/src/security-log.ts) that count as a failed password. */
export const FAILED_PASSWORD_EVENTS = ['login_failed', 'password_change_failed', 'account_delete_failed', 'self_exclusion_failed'] as const;

/** `http/auth/login` -> `auth`: the group of routes whose functions share a nested stack. */
export const routeGroupOf = (spec: Pick<FunctionSpec, 'handler'>) => spec.handler.split('/')[1] ?? 'misc';

export interface ApiStackProps extends StackProps {
  config: DeployConfig;
  httpSpecs: readonly FunctionSpec[];
  httpApi: apigw.IHttpApi;
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
      throttle: prod ? { rateLimit: 100, burstLimit: 200 } : { rateLimit: 20, burstLimit: 40 },
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
    this.areaAlarms.push({ area: 'api', alarm: this.api5xx });

    const ctx = { config, ...props.functionContext };
    for (const spec of props.httpSpecs) {
      const group = this.group(routeGroupOf(spec), config.stage);
      const fn = createFunction(group.stack, spec, ctx, group.rollout);
      this.api.addFunction(group.stack, fn);
      this.functions.push(fn);
      this.areaAlarms.push({ area: areaOf(spec), alarm: fn.errors }, { area: areaOf(spec), alarm: fn.throttles });
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
        alarm: alarmAtLeast(
          this,
          prefix,
          'FailedLoginBurst',
          failedLogins,
          FAILED_LOGIN_BURST,
          `${FAILED_LOGIN_BURST}+ wrong passwords in 5 minutes (login or change-password). Look at the "security" lines ` +
            '(event, network, emailHash) in the auth functions\' logs for the networks and accounts involved.',
        ),
      });
    }
  }

  private readonly rollouts = new Map<string, Rollout>();

  private group(name: string, stage: string): { stack: NestedStack; rollout: Rollout } {
    let stack = this.groups.get(name);
    if (!stack) {
      stack = new NestedStack(this, `Routes${name[0]!.toUpperCase()}${name.slice(1)}`, { description: `HTTP functions and routes of functions/src/http/${name}/` });
      this.groups.set(name, stack);
      // Every deployment of the group's functions also rolls back on the API's 5xx alarm.
      this.rollouts.set(name, new Rollout(stack, 'Rollout', { stage, areaAlarms: () => [this.api5xx] }));
    }
    return { stack, rollout: this.rollouts.get(name)! };
  }
}
