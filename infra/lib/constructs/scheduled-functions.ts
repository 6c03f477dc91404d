import { Stack, TimeZone } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { toAwsCron } from '@app/events/schedules';
import type { AppFunction } from './app-function.ts';
import { SCHEDULE_MAX_EVENT_AGE, SCHEDULE_RETRY_ATTEMPTS } from './jobs.ts';

export interface ScheduledFunctionsProps {
  /** Physical name prefix, e.g. `fp-dev-`: schedules are `<prefix><task name>`. */
  prefix: string;
  /** Where Scheduler puts an invocation it could not make (the schedules' DLQ, which alarms). */
  deadLetterQueue: sqs.IQueue;
  /** false: the schedules are deployed DISABLED (`-c schedules=disabled`). */
  enabled: boolean;
}

/** The scheduled functions of routes.ts `scheduled`: one EventBridge Scheduler schedule invoking each function. */
export class ScheduledFunctions extends Construct {
  readonly schedules: scheduler.Schedule[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ScheduledFunctionsProps,
  ) {
    super(scope, id);
  }

  add(fn: AppFunction): void {
    const task = fn.spec.schedule;
    if (!task) throw new Error(`${fn.spec.handler} is not a scheduled function`);
    // A role per task (instead of CDK's shared one) so that it can invoke this function only.
    const role = new iam.Role(this, `Role${fn.spec.id}`, {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: `EventBridge Scheduler: invokes ${fn.spec.handler}`,
    });
    this.schedules.push(
      new scheduler.Schedule(this, `Schedule${fn.spec.id}`, {
        scheduleName: `${this.props.prefix}${task.name}`,
        description: task.description,
        enabled: this.props.enabled,
        schedule: scheduler.ScheduleExpression.expression(toAwsCron(task.cron), TimeZone.of(task.timeZone)),
        target: new targets.LambdaInvoke(fn.alias, {
          role,
          deadLetterQueue: this.props.deadLetterQueue,
          retryAttempts: SCHEDULE_RETRY_ATTEMPTS,
          maxEventAge: SCHEDULE_MAX_EVENT_AGE,
        }),
      }),
    );
  }
}
