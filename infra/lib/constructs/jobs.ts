import { Aws, Duration, TimeZone } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobRequested } from '@app/events/job.requested';
import {
  DEAD_LETTER_CONSUMER_TIMEOUT_SECONDS,
  deadLetterQueueName,
  EMAIL_QUEUES,
  MAX_RECEIVE_COUNT,
  queueNames,
  queues,
  VISIBILITY_FACTOR,
  visibilityTimeoutSeconds,
  type QueueName,
} from '@app/events/queues';
import { toAwsCron, type ScheduleDefinition } from '@app/events/schedules';
import { acknowledge } from '../nag.ts';
import type { AppFunction } from './app-function.ts';

/** Lambda's floor for an SQS event source's maximum concurrency. */
export const SQS_MIN_MAX_CONCURRENCY = 2;
/** The planner queue every schedule (and admin button) feeds. */
export const PLANNER_QUEUE: QueueName = 'jobs-planner';
/** Scheduler retries a failed SendMessage this often, for at most this long (a later run supersedes it). */
export const SCHEDULE_RETRY_ATTEMPTS = 10;
export const SCHEDULE_MAX_EVENT_AGE = Duration.hours(1);

export interface JobsProps {
  /** Physical name prefix, e.g. `fp-dev-`: queues are `<prefix><queue>`, DLQs `<prefix><queue>-dlq`. */
  prefix: string;
  schedules: readonly ScheduleDefinition[];
  /** false: the schedules are deployed DISABLED (`-c schedules=disabled`). */
  enabled: boolean;
}

const pascal = (s: string) => s.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The job queues of events/src/queues.ts, each with its DLQ, the consumers wired to them, and
 * the EventBridge Scheduler schedules of events/src/schedules.ts feeding the planner queue.
 */
export class Jobs extends Construct {
  readonly queues = {} as Record<QueueName, sqs.Queue>;
  readonly deadLetterQueues = {} as Record<QueueName, sqs.Queue>;
  /** Where Scheduler puts a message it could not deliver after its retries. */
  readonly scheduleDeadLetterQueue: sqs.Queue;
  readonly schedules: scheduler.Schedule[] = [];
  /** QUEUE_URL_PREFIX of the functions: a queue's URL is this plus the queue name. */
  readonly queueUrlPrefix: string;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const base = { enforceSSL: true, encryption: sqs.QueueEncryption.SQS_MANAGED };

    for (const name of queueNames) {
      const dlq = new sqs.Queue(this, `${pascal(name)}Dlq`, {
        ...base,
        queueName: `${props.prefix}${deadLetterQueueName(name)}`,
        retentionPeriod: Duration.days(14),
        // Read by the dead-letter consumer: >= 6 x its timeout, as for the work queues.
        visibilityTimeout: Duration.seconds(DEAD_LETTER_CONSUMER_TIMEOUT_SECONDS * VISIBILITY_FACTOR),
      });
      this.deadLetterQueues[name] = dlq;
      this.queues[name] = new sqs.Queue(this, pascal(name), {
        ...base,
        queueName: `${props.prefix}${name}`,
        // >= 6 x the consumer's timeout (AWS guidance); the consumer's timeout is the same number.
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(name)),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dlq, maxReceiveCount: MAX_RECEIVE_COUNT },
      });
    }

    this.queueUrlPrefix = `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${props.prefix}`;

    this.scheduleDeadLetterQueue = new sqs.Queue(this, 'ScheduleDlq', {
      ...base,
      queueName: `${props.prefix}schedules-dlq`,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.scheduleDeadLetterQueue,
      'SQS3',
      'This queue is itself a dead-letter queue: EventBridge Scheduler puts here the job.requested messages it could ' +
        'not deliver to the planner queue after its retries. An alarm fires on its first message.',
    );

    const planner = this.queues[PLANNER_QUEUE];
    for (const definition of props.schedules) {
      const message: JobRequested = {
        type: 'job.requested',
        version: 1,
        jobType: definition.jobType,
        requestedBy: 'schedule',
        // The planner names the run after the schedule and its scheduled time: a redelivery joins it.
        schedule: definition.name,
        requestedAt: scheduler.ContextAttribute.scheduledTime,
      };
      this.schedules.push(
        new scheduler.Schedule(this, `Schedule${pascal(definition.name)}`, {
          scheduleName: `${props.prefix}${definition.name}`,
          description: definition.description,
          enabled: props.enabled,
          schedule: scheduler.ScheduleExpression.expression(toAwsCron(definition.cron), TimeZone.of(definition.timeZone)),
          target: new targets.SqsSendMessage(planner, {
            input: scheduler.ScheduleTargetInput.fromObject(message),
            deadLetterQueue: this.scheduleDeadLetterQueue,
            retryAttempts: SCHEDULE_RETRY_ATTEMPTS,
            maxEventAge: SCHEDULE_MAX_EVENT_AGE,
          }),
        }),
      );
    }
  }

  /**
   * Wires a consumer to its queue: batch size and maximum concurrency from queues.ts, partial
   * batch failures, and SendMessage on its own DLQ (the job stack dead-letters a malformed
   * message at once instead of retrying it five times).
   */
  addConsumer(consumer: AppFunction): void {
    const name = consumer.spec.queue;
    if (!name) throw new Error(`${consumer.spec.handler} is not a queue consumer`);
    const settings = queues[name];
    consumer.alias.addEventSource(
      new SqsEventSource(this.queues[name], {
        batchSize: settings.batchSize,
        // queues.ts may ask for 1 (one at a time); Lambda's SQS pollers cannot go below 2, and a reserved
        // concurrency of 1 would throttle and burn receive counts. The consumers are idempotent.
        maxConcurrency: Math.max(SQS_MIN_MAX_CONCURRENCY, settings.maxConcurrency),
        reportBatchItemFailures: true,
      }),
    );
    consumer.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'DeadLetterPoisonMessages', actions: ['sqs:SendMessage'], resources: [this.deadLetterQueues[name].queueArn] }),
    );
  }

  /**
   * Wires the consumer of every DLQ: it closes the books of each job dead letter (its task and
   * run fail with the reason) and records each email dead letter with its body for a replay
   * (docs/operations.md).
   */
  addDeadLetterConsumer(consumer: AppFunction): void {
    for (const name of queueNames) {
      consumer.alias.addEventSource(
        new SqsEventSource(this.deadLetterQueues[name], { batchSize: 10, maxConcurrency: SQS_MIN_MAX_CONCURRENCY, reportBatchItemFailures: true }),
      );
    }
  }

  /**
   * SendMessage (and SendMessageBatch, which it authorises) on the job queues, not on the DLQs
   * nor the email queues; `['email']`: on the email queue only.
   */
  grantSend(grantee: iam.IGrantable, only?: QueueName[]): void {
    const names = only ?? queueNames.filter((n) => !EMAIL_QUEUES.includes(n));
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: only ? `Enqueue${names.map(pascal).join('')}` : 'EnqueueJobs',
        actions: ['sqs:SendMessage'],
        resources: names.map((n) => this.queues[n].queueArn),
      }),
    );
  }
}
