import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queueNames } from '@app/events/queues';
import type { AppFunction } from './app-function.ts';
import type { Jobs } from './jobs.ts';

/** A work queue whose oldest message waited this long is not being processed. */
export const STUCK_QUEUE_AGE = Duration.hours(1);
/** API 5xx per 5 minutes that raise the alarm (function errors alarm on the first one). */
export const API_5XX_THRESHOLD = 5;
/**
 * Wrong passwords (login and change-password) per 5 minutes, across all clients, that raise the
 * alarm: a credential-stuffing or guessing burst (the per-account limiter slows each one down,
 * this tells a human). Normal traffic sees a handful.
 */
export const FAILED_LOGIN_BURST = 50;
/**
 * The log field a job consumer writes when it refuses to run on a configuration error (a provider
 * key missing outside the local stage, a bad setting): `{"level":"ERROR","configurationError":true,...}`.
 */
export const CONFIGURATION_ERROR_FIELD = 'configurationError';
/** The security events (packages/platform/src/security-log.ts) that count as a failed password. */
export const FAILED_PASSWORD_EVENTS = ['login_failed', 'password_change_failed'] as const;

export interface MonitoringProps {
  /** Name prefix, e.g. `fp-dev-` (dashboard name, metric namespace). */
  prefix: string;
  functions: readonly AppFunction[];
  jobs: Jobs;
  stage: apigw.HttpStage;
  distribution: cloudfront.Distribution;
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms (to an SNS topic, optionally emailed) and one dashboard: DLQ depth >= 1, stuck work
 * queues, API 5xx, Lambda errors and throttles, failed job records.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  /** Namespace of the metrics this app derives from its logs. */
  readonly namespace: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.namespace = `FootballPredictions/${props.prefix.replace(/-$/, '')}`;

    // Not KMS-encrypted: notifications carry alarm names and metric values only, and CloudWatch
    // cannot publish to a topic under the AWS-managed SNS key (a customer key costs $1/month).
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: `${props.prefix}alarms`, enforceSSL: true });
    // enforceSSL writes a topic policy, and a topic policy replaces SNS's default one: without this
    // Allow it would hold only the TLS deny, and CloudWatch could not publish a single alarm.
    const stack = Stack.of(this);
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    /** Alarms when `metric` reaches `threshold` in one 5-minute period (no data is fine), and notifies the topic on alarm and on recovery. */
    const alarmAtLeast = (id: string, metric: cloudwatch.IMetric, threshold: number, alarmDescription: string) => {
      const alarm = new cloudwatch.Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };
    /** One metric counting the lines that match `filterPattern` in the log groups of `sources` (a metric filter each). */
    const logLineCount = (metricName: string, sources: AppFunction[], filterId: string, filterPattern: logs.IFilterPattern) => {
      const metric = new cloudwatch.Metric({ namespace: this.namespace, metricName, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
      for (const source of sources) {
        new logs.MetricFilter(this, `${filterId}-${source.spec.id}`, {
          logGroup: source.logGroup,
          filterPattern,
          metricNamespace: this.namespace,
          metricName,
          metricValue: '1',
          defaultValue: 0,
        });
      }
      return metric;
    };

    // --- Jobs: anything in a dead-letter queue needs a human; a stuck work queue means no consumer runs.
    const dlqs: Array<[string, sqs.Queue]> = [
      ...queueNames.map((n): [string, sqs.Queue] => [n, props.jobs.deadLetterQueues[n]]),
      ['schedules', props.jobs.scheduleDeadLetterQueue],
    ];
    for (const [name, dlq] of dlqs) {
      alarmAtLeast(
        `DlqDepth-${name}`,
        dlq.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM }),
        1,
        `${name}: a message reached the dead-letter queue ${dlq.queueName}. Inspect it, fix the cause, then redrive (docs/deploy.md "Operations").`,
      );
    }
    for (const name of queueNames) {
      const queue = props.jobs.queues[name];
      alarmAtLeast(
        `QueueStuck-${name}`,
        queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM }),
        STUCK_QUEUE_AGE.toSeconds(),
        `${name}: the oldest message has waited over ${STUCK_QUEUE_AGE.toHumanString()}; its consumer is missing, failing or throttled.`,
      );
    }

    // Failed job records: the job middy stack logs every failed or malformed record at ERROR
    // (Powertools JSON, `level` field). One metric across all consumers.
    const consumers = props.functions.filter((f) => f.spec.kind === 'consumer');
    const failedRecords = logLineCount('FailedJobRecords', consumers, 'FailedRecords', logs.FilterPattern.stringValue('$.level', '=', 'ERROR'));
    if (consumers.length > 0) {
      alarmAtLeast(
        'FailedJobRecords',
        failedRecords,
        1,
        'A job consumer logged an error (a failed record is retried, a malformed one dead-lettered). See the consumer logs.',
      );
    }

    // Configuration errors: the pipeline refuses to run (never falls back to demo data) and says why
    // in one log line. Its own alarm names the cause, where FailedJobRecords only says "an error".
    const configurationErrors = logLineCount(
      'PipelineConfigurationErrors',
      consumers,
      'ConfigurationErrors',
      logs.FilterPattern.booleanValue(`$.${CONFIGURATION_ERROR_FIELD}`, true),
    );
    if (consumers.length > 0) {
      alarmAtLeast(
        'PipelineConfigurationError',
        configurationErrors,
        1,
        'The job pipeline refused to run on a configuration error (e.g. a provider key missing from the providers secret): ' +
          'no data is being generated. Filter the consumer logs on configurationError = true, fix the secret or setting (docs/deploy.md).',
      );
    }

    // --- Security: a burst of wrong passwords, from the security events of the password routes.
    const passwordFunctions = props.functions.filter((f) => f.spec.kind === 'http' && f.spec.routes.some((r) => r.password));
    const failedLogins = logLineCount(
      'FailedLogins',
      passwordFunctions,
      'FailedLogins',
      logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.message', '=', 'security'),
        logs.FilterPattern.any(...FAILED_PASSWORD_EVENTS.map((e) => logs.FilterPattern.stringValue('$.event', '=', e))),
      ),
    );
    if (passwordFunctions.length > 0) {
      alarmAtLeast(
        'FailedLoginBurst',
        failedLogins,
        FAILED_LOGIN_BURST,
        `${FAILED_LOGIN_BURST}+ wrong passwords in 5 minutes (login or change-password). Look at the "security" lines ` +
          '(event, network, emailHash) in the auth functions\' logs for the networks and accounts involved.',
      );
    }

    // --- API
    alarmAtLeast(
      'Api5xx',
      props.stage.metricServerError({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }),
      API_5XX_THRESHOLD,
      `The HTTP API answered ${API_5XX_THRESHOLD}+ 5xx in 5 minutes (function errors, timeouts or throttles).`,
    );

    // --- Lambda: one alarm per function and signal, so the alarm names the function. (Grouping
    // them in metric math would not save money: CloudWatch bills math alarms per metric.)
    for (const f of props.functions) {
      for (const [kind, metric] of [
        ['Errors', f.fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM })],
        ['Throttles', f.fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM })],
      ] as const) {
        alarmAtLeast(`Lambda${kind}-${f.spec.id}`, metric, 1, `${f.spec.handler}: Lambda ${kind.toLowerCase()} in the last 5 minutes.`);
      }
    }

    this.dashboard = this.buildDashboard(props, failedRecords, configurationErrors);
  }

  private buildDashboard(props: MonitoringProps, failedRecords: cloudwatch.Metric, configurationErrors: cloudwatch.Metric): cloudwatch.Dashboard {
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${props.prefix}overview`,
      defaultInterval: Duration.days(1),
    });
    const fnMetric = (f: AppFunction, m: cloudwatch.Metric) => m.with({ label: f.spec.handler });
    const cf = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
        region: 'us-east-1', // CloudFront publishes its metrics there only
        statistic,
        period: FIVE_MINUTES,
      });
    const width = 8;

    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        width,
        left: [props.stage.metricCount({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES, label: 'requests' })],
        right: [
          props.stage.metricClientError({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES, label: '4xx' }),
          props.stage.metricServerError({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES, label: '5xx' }),
        ],
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency',
        width,
        left: ['p50', 'p90', 'p99'].map((p) => props.stage.metricLatency({ statistic: p, period: FIVE_MINUTES, label: p })),
      }),
      new cloudwatch.GraphWidget({
        title: 'CloudFront',
        width,
        left: [cf('Requests', cloudwatch.Stats.SUM)],
        right: [cf('4xxErrorRate', cloudwatch.Stats.AVERAGE), cf('5xxErrorRate', cloudwatch.Stats.AVERAGE)],
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Lambda errors',
        width,
        left: props.functions.map((f) => fnMetric(f, f.fn.metricErrors({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }))),
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles',
        width,
        left: props.functions.map((f) => fnMetric(f, f.fn.metricThrottles({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM }))),
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda duration p99',
        width,
        left: props.functions.map((f) => fnMetric(f, f.fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99' }))),
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Queue depth',
        width,
        left: queueNames.map((n) =>
          props.jobs.queues[n].metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM, label: n }),
        ),
      }),
      new cloudwatch.GraphWidget({
        title: 'Oldest message age (s)',
        width,
        left: queueNames.map((n) =>
          props.jobs.queues[n].metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM, label: n }),
        ),
      }),
      new cloudwatch.GraphWidget({
        title: 'Dead letters and failed records',
        width,
        left: [
          ...queueNames.map((n) =>
            props.jobs.deadLetterQueues[n].metricApproximateNumberOfMessagesVisible({
              period: FIVE_MINUTES,
              statistic: cloudwatch.Stats.MAXIMUM,
              label: `${n}-dlq`,
            }),
          ),
          props.jobs.scheduleDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: FIVE_MINUTES,
            statistic: cloudwatch.Stats.MAXIMUM,
            label: 'schedules-dlq',
          }),
        ],
        right: [failedRecords.with({ label: 'failed job records' }), configurationErrors.with({ label: 'configuration errors' })],
      }),
    );
    return dashboard;
  }
}
