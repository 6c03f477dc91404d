import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { functionCode, LAMBDA_HANDLER } from '../bundling.ts';
import type { LogLevel } from '../config.ts';
import { routeKey } from '@app/functions/routes';
import type { FunctionSpec } from '../manifest.ts';
import { acknowledge } from '../nag.ts';
import { FIVE_MINUTES, namedAlarm } from './alarms.ts';

/**
 * The runtime every function uses. The newest Node.js this aws-cdk-lib knows (cdk-nag L1);
 * the bundle still targets node22 (functions/scripts/build.ts), which runs unchanged on 24.
 * Update on purpose, together with the bundle target.
 */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;
/** The alias every trigger (API route, queue, schedule) invokes; CodeDeploy shifts it between versions. */
export const LIVE_ALIAS = 'live';

/** How a stage rolls out a new version: gradually where real users are, at once in dev. */
export function deploymentConfig(stage: string): codedeploy.ILambdaDeploymentConfig {
  return stage === 'dev' ? codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE : codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;
}

export interface AppFunctionProps {
  spec: FunctionSpec;
  /** `fp-dev-`: the function is `<prefix><spec.id>` and its alarms `<prefix><spec.id>-errors|throttles`. */
  prefix: string;
  /** Directory of prebuilt bundles (`bundleFunctions`); undefined only when CDK skips bundling. */
  bundleDir: string | undefined;
  environment: Record<string, string>;
  logLevel: LogLevel;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  rollout: Rollout;
  /** Executions kept for this function alone (and its cap): lib/capacity.ts. */
  reservedConcurrency?: number;
}

/** What the functions of one stack share for their gradual deployments. */
export class Rollout extends Construct {
  readonly application: codedeploy.LambdaApplication;
  readonly role: iam.Role;
  readonly config: codedeploy.ILambdaDeploymentConfig;
  /** false: break-glass, the deployments ignore their alarms (`-c rolloutAlarms=ignore`). */
  readonly watchAlarms: boolean;

  constructor(scope: Construct, id: string, props: { stage: string; watchAlarms?: boolean }) {
    super(scope, id);
    this.config = deploymentConfig(props.stage);
    this.watchAlarms = props.watchAlarms ?? true;
    this.application = new codedeploy.LambdaApplication(this, 'Application');
    // One role for every deployment group of the stack (CDK would make one per function).
    this.role = new iam.Role(this, 'DeployRole', {
      assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'CodeDeploy: shifts the live aliases of this stack between versions',
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
    });
    acknowledge(
      this.role,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      "AWS's own policy for CodeDeploy on Lambda: update aliases, read alarms, invoke hooks, nothing else; AWS keeps it in step with the service.",
    );
  }
}

/**
 * One Lambda function of the product: the handler module bundled like `npm run bench` bundles it
 * (lib/bundling.ts), arm64, X-Ray active tracing, JSON logs into its own log group with a
 * retention, and its own role that can write only to that log group (no
 * AWSLambdaBasicExecutionRole). Every trigger invokes its `live` alias, which CodeDeploy moves to
 * a new version gradually and back when that version errors (docs/decisions/0286-rollbacks-onto-versions-that-stay.md).
 * Callers add data grants to `role`.
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  readonly alias: lambda.Alias;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly spec: FunctionSpec;
  readonly errors: cloudwatch.Alarm;
  readonly throttles: cloudwatch.Alarm;
  /** Errors of the version being deployed only, through the `live` alias: what stops and rolls back its deployment. */
  readonly newVersionErrors: cloudwatch.Alarm;
  readonly deployment: codedeploy.LambdaDeploymentGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { spec } = props;
    this.spec = spec;
    const name = functionName(props.prefix, spec);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${spec.handler}`,
    });
    this.logGroup.grantWrite(this.role);

    const what =
      spec.kind === 'http'
        ? spec.routes.map(routeKey).join(', ')
        : spec.kind === 'scheduled'
          ? `scheduled function ${spec.schedule?.name}`
          : `consumer of ${spec.queue ?? 'every dead-letter queue'}`;
    this.fn = new lambda.Function(this, 'Fn', {
      functionName: name,
      code: functionCode(spec.handler, props.bundleDir),
      handler: LAMBDA_HANDLER,
      runtime: RUNTIME,
      architecture: ARCHITECTURE,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel[props.logLevel],
      // INFO keeps the platform's REPORT line of every invocation (duration, memory, init).
      systemLogLevelV2: lambda.SystemLogLevel.INFO,
      // X-Ray traces every invocation (init, handler, errors): docs/decisions/0142-tracing-without-the-tracer-in-the-bundle.md.
      tracing: lambda.Tracing.ACTIVE,
      environment: props.environment,
      description: `${spec.handler}: ${what}`.slice(0, 256),
      // Every published version outlives the deploy that replaces it: `npm run release -- rollback`
      // moves the alias back onto it, and `npm run release -- prune` deletes all but the last few.
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
    });
    acknowledge(this.role, 'IAM5[Resource::*]', 'X-Ray active tracing: xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions.');

    this.alias = new lambda.Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.fn.currentVersion });

    // Named, so that the area's composite alarm (monitoring stack) names them without a reference.
    const alarm = (kind: 'errors' | 'throttles', metric: cloudwatch.IMetric) =>
      namedAlarm(this, kind === 'errors' ? 'Errors' : 'Throttles', {
        alarmName: alarmNames(props.prefix, spec)[kind],
        alarmDescription: `${spec.handler}: Lambda ${kind} in the last 5 minutes (any version). No notification of its own: its area's composite alarm notifies.`,
        metric,
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    this.errors = alarm('errors', this.fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }));
    this.throttles = alarm('throttles', this.fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }));

    // The deployment watches the new version alone (Lambda's per-version metric through the alias):
    // errors of the version being replaced, or of the rest of the API, never stop a fix-forward.
    this.newVersionErrors = namedAlarm(this, 'NewVersionErrors', {
      alarmName: alarmNames(props.prefix, spec).newVersionErrors,
      alarmDescription: `${spec.handler}: errors of the version being deployed, invoked through ${LIVE_ALIAS}. CodeDeploy rolls its deployment back on it; it notifies nobody (the function's errors alarm does).`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'Errors',
        dimensionsMap: { FunctionName: name, Resource: `${name}:${LIVE_ALIAS}`, ExecutedVersion: this.fn.currentVersion.version },
        period: Duration.minutes(1),
        statistic: cloudwatch.Stats.SUM,
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });

    this.deployment = new codedeploy.LambdaDeploymentGroup(this, 'Deployment', {
      application: props.rollout.application,
      alias: this.alias,
      deploymentConfig: props.rollout.config,
      role: props.rollout.role,
      alarms: [this.newVersionErrors],
      ignoreAlarmConfiguration: !props.rollout.watchAlarms,
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
  }
}

/** `fp-prod-HttpAuthLogin`: at most 64 characters, Lambda's limit. */
export function functionName(prefix: string, spec: Pick<FunctionSpec, 'id'>): string {
  return `${prefix}${spec.id}`.slice(0, 64);
}

/** The names of a function's own alarms. */
export function alarmNames(prefix: string, spec: Pick<FunctionSpec, 'id'>): { errors: string; throttles: string; newVersionErrors: string } {
  const fn = functionName(prefix, spec);
  return { errors: `${fn}-errors`, throttles: `${fn}-throttles`, newVersionErrors: `${fn}-new-version-errors` };
}
