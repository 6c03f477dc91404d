import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { functionCode, LAMBDA_HANDLER } from '../bundling.ts';
import type { LogLevel } from '../config.ts';
import { routeKey } from '@app/functions/routes';
import type { FunctionSpec } from '../manifest.ts';

/**
 * The runtime every function uses. The newest Node.js this aws-cdk-lib knows (cdk-nag L1);
 * the bundle still targets node22 (functions/scripts/build.ts), which runs unchanged on 24.
 * Update on purpose, together with the bundle target.
 */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;

export interface AppFunctionProps {
  spec: FunctionSpec;
  /** Directory of prebuilt bundles (`bundleFunctions`); undefined only when CDK skips bundling. */
  bundleDir: string | undefined;
  environment: Record<string, string>;
  logLevel: LogLevel;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * One Lambda function of the product: the handler module bundled like `npm run bench` bundles it
 * (lib/bundling.ts),
 * arm64, JSON logs into its own log group with a retention, and its own role that can write
 * only to that log group (no AWSLambdaBasicExecutionRole). Callers add data grants to `role`.
 */
export class AppFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly spec: FunctionSpec;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { spec } = props;
    this.spec = spec;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${spec.handler}`,
    });
    this.logGroup.grantWrite(this.role);

    const what = spec.kind === 'http' ? spec.routes.map(routeKey).join(', ') : spec.kind === 'task' ? `scheduled task ${spec.task?.name}` : `consumer of ${spec.queue}`;
    this.fn = new lambda.Function(this, 'Fn', {
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
      environment: props.environment,
      description: `${spec.handler}: ${what}`.slice(0, 256),
    });
  }
}
