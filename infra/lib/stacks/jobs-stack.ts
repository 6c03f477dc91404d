import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { EMAIL_QUEUES, queueNames } from '@app/events/queues';
import type { ScheduleDefinition } from '@app/events/schedules';
import { ODDS_CREDITS_METRIC } from '@app/adapters/the-odds-api/credits-metric';
import { SCHEDULE_DIMENSION, SCHEDULED_RUN_METRIC } from '@app/adapters/cloudwatch/run-metric';
import { namePrefix, type DeployConfig } from '../config.ts';
import { alarmAtLeast, latencyP99Alarm, logLineCount, metricNamespace, namedAlarm, type NamedAlarm, type Severity } from '../constructs/alarms.ts';
import { Rollout, type AppFunction } from '../constructs/app-function.ts';
import type { Email } from '../constructs/email.ts';
import { Jobs } from '../constructs/jobs.ts';
import type { Secrets } from '../constructs/secrets.ts';
import { ScheduledFunctions } from '../constructs/scheduled-functions.ts';
import { createFunction } from '../functions.ts';
import { areaOf, type FunctionSpec } from '../manifest.ts';

/** A work queue whose oldest message waited this long is not being processed. */
export const STUCK_QUEUE_AGE_SECONDS = 3600;
/**
 * The log field a job consumer writes when it refuses to run on a configuration error (a provider
 * key missing outside the local stage, a bad setting): `{"level":"ERROR","configurationError":true,...}`.
 */
export const CONFIGURATION_ERROR_FIELD = 'configurationError';
/** A consumer's p99 duration, as a share of its timeout, that raises a ticket. */
export const CONSUMER_LATENCY_SHARE = 0.8;
/** The log field of the dead-letter consumer's line for an email it recorded as undelivered. */
export const EMAIL_DEAD_LETTER_FIELD = 'emailDeadLetter';
/** Alarm below this many The Odds API credits left this month (a daily run spends about 20-40). */
export const ODDS_CREDITS_LOW = 100;

/**
 * How long each schedule may go without a run before someone hears of it: `period` x `periods` with
 * no run metric (missing data is a missed run). CloudWatch periods are aligned to UTC, not to the
 * schedule, so a daily run is watched over a sliding 25 hours (the 06:00 generation, missed, alarms
 * between 07:00 and 08:00), a half-hourly one over an hour, a quarter-hourly one over 30 minutes.
 * The results schedule fires every 30 minutes of every day (it finds nothing to do outside match
 * days), so its heartbeat is watched every day: an approximation of "every 30 minutes on match days".
 */
export const HEARTBEATS: Record<string, { period: Duration; periods: number; severity: Severity }> = {
  'daily-prediction-generation': { period: Duration.hours(1), periods: 25, severity: 'page' },
  'result-ingestion': { period: Duration.minutes(30), periods: 2, severity: 'page' },
  'odds-scan': { period: Duration.minutes(15), periods: 2, severity: 'page' },
  'closing-odds': { period: Duration.minutes(15), periods: 2, severity: 'ticket' },
  'daily-metrics': { period: Duration.hours(1), periods: 25, severity: 'ticket' },
  'billing-reconciliation': { period: Duration.hours(1), periods: 25, severity: 'ticket' },
};

export interface JobsStackProps extends StackProps {
  config: DeployConfig;
  consumerSpecs: readonly FunctionSpec[];
  scheduledSpecs: readonly FunctionSpec[];
  schedules: readonly ScheduleDefinition[];
  bundleDir?: string;
  tableName: string;
  secrets: Secrets;
  email: Email;
  appOrigin: string;
}

/**
 * The job pipeline and email delivery: the queues with their dead-letter queues, the schedules,
 * the queue consumers and scheduled functions, the SES configuration set whose bounce and complaint
 * events come back on the `email-events` queue, and the alarms of their areas (jobs, email, billing).
 */
export class JobsStack extends Stack {
  readonly jobs: Jobs;
  readonly scheduled: ScheduledFunctions;
  readonly functions: AppFunction[] = [];
  readonly areaAlarms: NamedAlarm[] = [];
  readonly configurationSet: ses.ConfigurationSet;
  readonly emailEvents: sns.Topic;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);
    const namespace = metricNamespace(prefix);

    this.jobs = new Jobs(this, 'Jobs', { prefix, schedules: props.schedules, enabled: config.schedules });
    this.scheduled = new ScheduledFunctions(this, 'ScheduledFunctions', {
      prefix,
      deadLetterQueue: this.jobs.scheduleDeadLetterQueue,
      enabled: config.schedules,
    });

    // Bounces and complaints of every email sent with this set come back through SNS onto the
    // email-events queue; SES's own reputation metrics are published too.
    this.emailEvents = new sns.Topic(this, 'EmailEvents', { displayName: `${prefix}email-events`, enforceSSL: true });
    this.emailEvents.addSubscription(new subscriptions.SqsSubscription(this.jobs.queues['email-events'], { rawMessageDelivery: true }));
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `${prefix}email`,
      reputationMetrics: true,
      sendingEnabled: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(this.emailEvents),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    const rollout = new Rollout(this, 'Rollout', { stage: config.stage, watchAlarms: config.rolloutAlarms });
    const ctx = {
      config,
      bundleDir: props.bundleDir,
      tableName: props.tableName,
      secrets: props.secrets,
      appOrigin: props.appOrigin,
      jobs: this.jobs,
      email: props.email,
      configurationSetName: this.configurationSet.configurationSetName,
    };
    for (const spec of [...props.consumerSpecs, ...props.scheduledSpecs]) {
      const fn = createFunction(this, spec, ctx, rollout);
      if (spec.kind === 'scheduled') this.scheduled.add(fn);
      else if (spec.queue) this.jobs.addConsumer(fn);
      else this.jobs.addDeadLetterConsumer(fn);
      this.functions.push(fn);
      this.areaAlarms.push({ area: areaOf(spec), alarm: fn.errors }, { area: areaOf(spec), alarm: fn.throttles });
      if (spec.kind === 'consumer') {
        // A consumer whose slowest runs near its timeout is about to time out and retry the whole batch.
        const thresholdMs = Math.round(CONSUMER_LATENCY_SHARE * spec.timeoutSeconds * 1000);
        this.areaAlarms.push({
          area: areaOf(spec),
          alarm: latencyP99Alarm(
            this,
            prefix,
            `${spec.id}-p99`,
            fn.fn.metricDuration(),
            thresholdMs,
            `${spec.handler}: p99 duration at ${CONSUMER_LATENCY_SHARE * 100} % of its ${spec.timeoutSeconds} s timeout or more for 15 minutes; batches are about to time out and be retried.`,
          ),
        });
      }
    }
    this.addAlarms(prefix, namespace);
    if (config.schedules) this.addHeartbeats(prefix, namespace, [...props.schedules.map((d) => d.name), ...props.scheduledSpecs.map((t) => t.schedule!.name)]);

    new CfnOutput(this, 'TableName', { description: 'The table the functions use (`npm run jobs -- ... --stage` reads it)', value: props.tableName });
    new CfnOutput(this, 'QueueUrlPrefix', {
      description: 'A job queue URL is this plus its name; `npm run jobs -- run <type> --stage <stage>` sends to the planner queue',
      value: this.jobs.queueUrlPrefix,
    });
  }

  /**
   * One alarm per schedule on its run metric (the planner's or the task's heartbeat): no run within
   * its window pages (or makes a ticket), missing data counted as a missed run. Deployed with the
   * schedules disabled (`-c schedules=disabled`), nothing runs on purpose and nothing is watched.
   */
  private addHeartbeats(prefix: string, namespace: string, names: readonly string[]): void {
    for (const name of names) {
      const beat = HEARTBEATS[name];
      if (!beat) throw new Error(`Schedule ${name} has no heartbeat window (jobs-stack.ts HEARTBEATS)`);
      const window = `${beat.period.toMinutes() * beat.periods} minutes`;
      const area = name === 'billing-reconciliation' ? 'billing' : 'jobs';
      this.areaAlarms.push({
        area,
        severity: beat.severity,
        alarm: namedAlarm(this, `Heartbeat-${name}`, {
          alarmName: `${prefix}NoRun-${name}`,
          alarmDescription: `The schedule ${prefix}${name} has not run for ${window}: its schedule is disabled or failing (the schedules' DLQ), or its function or the planner fails before the run starts. See the Scheduler, the DLQs and the function's logs (docs/operations.md).`,
          metric: new cloudwatch.Metric({
            namespace,
            metricName: SCHEDULED_RUN_METRIC,
            dimensionsMap: { [SCHEDULE_DIMENSION]: name },
            period: beat.period,
            statistic: cloudwatch.Stats.SUM,
          }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
          evaluationPeriods: beat.periods,
          datapointsToAlarm: beat.periods,
          treatMissingData: cloudwatch.TreatMissingData.BREACHING,
        }),
      });
    }
  }

  private addAlarms(prefix: string, namespace: string): void {
    const add = (area: NamedAlarm['area'], alarm: cloudwatch.Alarm) => this.areaAlarms.push({ area, alarm });
    const areaOfQueue = (name: string) => (EMAIL_QUEUES.includes(name as (typeof EMAIL_QUEUES)[number]) ? 'email' : 'jobs');

    // Anything in a dead-letter queue needs a human; a stuck work queue means no consumer runs.
    for (const name of [...queueNames, 'schedules'] as const) {
      const dlq = name === 'schedules' ? this.jobs.scheduleDeadLetterQueue : this.jobs.deadLetterQueues[name];
      add(
        name === 'schedules' ? 'jobs' : areaOfQueue(name),
        alarmAtLeast(
          this,
          prefix,
          `DlqDepth-${name}`,
          dlq.metricApproximateNumberOfMessagesVisible({ statistic: cloudwatch.Stats.MAXIMUM }),
          1,
          `${name}: a message reached the dead-letter queue ${dlq.queueName}. Inspect it, fix the cause, then redrive (docs/operations.md).`,
        ),
      );
    }
    for (const name of queueNames) {
      const queue = this.jobs.queues[name];
      add(
        areaOfQueue(name),
        alarmAtLeast(
          this,
          prefix,
          `QueueStuck-${name}`,
          queue.metricApproximateAgeOfOldestMessage({ statistic: cloudwatch.Stats.MAXIMUM }),
          STUCK_QUEUE_AGE_SECONDS,
          `${name}: the oldest message has waited over an hour; its consumer is missing, failing or throttled.`,
        ),
      );
    }

    const consumers = this.functions.filter((f) => f.spec.kind === 'consumer');
    const logGroupsOf = (area: string) => consumers.filter((f) => areaOf(f.spec) === area).map((f) => ({ id: f.spec.id, logGroup: f.logGroup }));
    const deadLetters = consumers.filter((f) => !f.spec.queue).map((f) => ({ id: f.spec.id, logGroup: f.logGroup }));

    // Failed records: the job middy stack logs every failed or malformed record at ERROR. An email
    // recorded as undelivered is the email area's, not the jobs'.
    const notEmail = logs.FilterPattern.all(
      logs.FilterPattern.stringValue('$.level', '=', 'ERROR'),
      logs.FilterPattern.notExists(`$.${EMAIL_DEAD_LETTER_FIELD}`),
    );
    const failedJobRecords = logLineCount(this, namespace, 'FailedJobRecords', logGroupsOf('jobs'), notEmail);
    if (logGroupsOf('jobs').length > 0) {
      add(
        'jobs',
        alarmAtLeast(
          this,
          prefix,
          'FailedJobRecords',
          failedJobRecords,
          1,
          'A job consumer logged an error (a failed record is retried, a malformed one dead-lettered). See the consumer logs.',
        ),
      );
    }
    const failedEmailRecords = logLineCount(
      this,
      namespace,
      'FailedEmailRecords',
      logGroupsOf('email'),
      logs.FilterPattern.stringValue('$.level', '=', 'ERROR'),
    );
    if (logGroupsOf('email').length > 0) {
      add(
        'email',
        alarmAtLeast(
          this,
          prefix,
          'FailedEmailRecords',
          failedEmailRecords,
          1,
          'The email consumer could not send (it will retry, then dead-letter) or an SES event could not be read. See its logs.',
        ),
      );
    }
    const emailDeadLetters = logLineCount(
      this,
      namespace,
      'EmailDeadLetters',
      deadLetters,
      logs.FilterPattern.booleanValue(`$.${EMAIL_DEAD_LETTER_FIELD}`, true),
    );
    if (deadLetters.length > 0) {
      add(
        'email',
        alarmAtLeast(
          this,
          prefix,
          'EmailDeadLetters',
          emailDeadLetters,
          1,
          'An email could not be sent after every retry: it is recorded with its request (admin Messages page, "Email delivery"); fix the cause, then `npm run jobs -- redrive --stage <stage>`.',
        ),
      );
    }

    // Configuration errors: the pipeline refuses to run (never falls back to demo data) and says why
    // in one log line, once per missing key (the guard remembers it has alarmed).
    const configurationErrors = logLineCount(
      this,
      namespace,
      'PipelineConfigurationErrors',
      logGroupsOf('jobs'),
      logs.FilterPattern.booleanValue(`$.${CONFIGURATION_ERROR_FIELD}`, true),
    );
    if (logGroupsOf('jobs').length > 0) {
      add(
        'jobs',
        alarmAtLeast(
          this,
          prefix,
          'PipelineConfigurationError',
          configurationErrors,
          1,
          'The job pipeline refused to run on a configuration error (e.g. a provider key missing from the providers secret): ' +
            'no data is being generated. Filter the consumer logs on configurationError = true, fix the secret or setting (docs/deploy.md).',
        ),
      );
    }

    // Emitted only when a job reads odds: between runs the alarm keeps its state (no "recovered" while nothing was measured).
    add(
      'jobs',
      namedAlarm(this, 'OddsApiCreditsLow', {
        alarmName: `${prefix}OddsApiCreditsLow`,
        alarmDescription: `Fewer than ${ODDS_CREDITS_LOW} The Odds API credits left this month: odds stop when they run out (docs/providers.md "Budgets"). Upgrade the plan or fetch fewer leagues.`,
        metric: new cloudwatch.Metric({ namespace, metricName: ODDS_CREDITS_METRIC, statistic: cloudwatch.Stats.MINIMUM, period: Duration.hours(1) }),
        threshold: ODDS_CREDITS_LOW,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.IGNORE,
      }),
    );
  }
}
