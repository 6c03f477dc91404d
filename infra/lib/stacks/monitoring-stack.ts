import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { queueNames } from '@app/events/queues';
import { namePrefix, type DeployConfig } from '../config.ts';
import { alarmAtLeast, alarmNameOf, AREAS, compositePlan, FIVE_MINUTES, namedAlarm, type NamedAlarm, type Severity } from '../constructs/alarms.ts';
import { SiteCanary } from '../constructs/canary.ts';
import { functionName } from '../constructs/app-function.ts';
import { alarmTopicName } from './data-stack.ts';
import type { FunctionSpec } from '../manifest.ts';

/** SES pauses an account at a 10 % bounce or 0.5 % complaint rate; these warn well before. */
export const SES_BOUNCE_RATE_LIMIT = 0.05;
export const SES_COMPLAINT_RATE_LIMIT = 0.001;
/** DynamoDB throttled requests per 5 minutes that raise the API alarm (an on-demand table throttles on sudden jumps). */
export const DYNAMODB_THROTTLE_THRESHOLD = 1;
/** The CloudFront 5xx alarm's name (it lives in us-east-1, where CloudFront's metrics are). */
export const cloudFrontAlarmName = (config: DeployConfig) => `${namePrefix(config)}CloudFront5xxRate`;

export interface MonitoringStackProps extends StackProps {
  config: DeployConfig;
  tableName: string;
  /** Every alarm of the other stacks, with its area. */
  alarms: readonly NamedAlarm[];
  functionSpecs: readonly FunctionSpec[];
  distributionId: string;
  /** https://<site>: what the canary checks from outside. */
  siteOrigin: string;
}

/** AWS Budgets accepts one SNS subscriber per notification, and up to 10 email ones. */
export const BUDGET_MAX_EMAIL_SUBSCRIBERS = 10;

/**
 * The subscribers of each budget notification: the stage's topic only (it fans out to the on-call
 * email and whatever else is subscribed to it), never the paging topic too: AWS Budgets refuses a
 * second SNS subscriber, and the monitoring stack's create would fail on it. Then the configured
 * `budgetEmails`, directly.
 */
export function budgetSubscribers(stageTopicArn: string, emails: readonly string[]): budgets.CfnBudget.SubscriberProperty[] {
  if (emails.length > BUDGET_MAX_EMAIL_SUBSCRIBERS)
    throw new Error(`AWS Budgets takes at most ${BUDGET_MAX_EMAIL_SUBSCRIBERS} email subscribers, got ${emails.length}`);
  return [{ subscriptionType: 'SNS', address: stageTopicArn }, ...emails.map((address) => ({ subscriptionType: 'EMAIL', address }))];
}

/** `fp-prod-api` pages, `fp-prod-api-tickets` does not. */
const compositeName = (prefix: string, area: string, severity: Severity) => `${prefix}${area}${severity === 'ticket' ? '-tickets' : ''}`;

/**
 * One notification per incident: per area (API, jobs, billing, email), a composite alarm over the
 * alarms that page and one over those that make a ticket, each notifying when the area goes into
 * alarm and when it recovers (the underlying alarms notify nobody). Pages also go to the paging
 * topic (`alarmTopicArn`). An area too big for one composite (100 alarms) is split into
 * sub-composites by group (docs/decisions/0242-pages-and-tickets.md). Also the alarms of shared
 * pieces (DynamoDB throttling, SES reputation), a canary that checks the site from outside, the
 * AWS Budgets alarm, the forwarded CloudFront alarm, and one dashboard.
 */
export class MonitoringStack extends Stack {
  /** The composites that notify (sub-composites excluded), by name. */
  readonly composites = new Map<string, cloudwatch.CompositeAlarm>();
  readonly canary: SiteCanary;
  readonly ownAlarms: NamedAlarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);
    // Imported by ARN: the data stack's topic policy already lets CloudWatch, Budgets and EventBridge
    // publish (scoped to this account); a target's own grant would add an unscoped statement.
    const stageTopic = sns.Topic.fromTopicArn(this, 'Topic', `arn:${this.partition}:sns:${this.region}:${this.account}:${alarmTopicName(config)}`);
    const topics = [stageTopic, ...(config.alarmTopicArn ? [sns.Topic.fromTopicArn(this, 'ExternalTopic', config.alarmTopicArn)] : [])];

    const throttled = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.tableName },
        period: FIVE_MINUTES,
        statistic: cloudwatch.Stats.SUM,
      });
    this.ownAlarms.push({
      area: 'api',
      severity: 'page',
      alarm: alarmAtLeast(
        this,
        prefix,
        'DynamoDbThrottles',
        new cloudwatch.MathExpression({
          expression: 'r + w',
          usingMetrics: { r: throttled('ReadThrottleEvents'), w: throttled('WriteThrottleEvents') },
          period: FIVE_MINUTES,
          label: 'throttled',
        }),
        DYNAMODB_THROTTLE_THRESHOLD,
        `DynamoDB throttled reads or writes on ${props.tableName} (an on-demand table throttles a sudden jump over twice its previous peak; docs/scaling.md).`,
      ),
    });
    const reputation = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    this.ownAlarms.push(
      {
        area: 'email',
        severity: 'page',
        alarm: alarmAtLeast(
          this,
          prefix,
          'SesBounceRate',
          reputation('Reputation.BounceRate'),
          SES_BOUNCE_RATE_LIMIT,
          'SES bounce rate over 5 % (SES pauses sending at 10 %): look at the suppressed addresses (admin Messages page, "Email delivery").',
        ),
      },
      {
        area: 'email',
        severity: 'page',
        alarm: alarmAtLeast(
          this,
          prefix,
          'SesComplaintRate',
          reputation('Reputation.ComplaintRate'),
          SES_COMPLAINT_RATE_LIMIT,
          'SES complaint rate over 0.1 % (SES pauses sending at 0.5 %).',
        ),
      },
    );

    this.canary = this.addCanary(config, props.siteOrigin);
    this.addComposites(prefix, [...props.alarms, ...this.ownAlarms], stageTopic, topics);

    // CloudFront's alarm lives in us-east-1; the edge-alarms stack forwards its state changes here.
    const forwarded = new events.Rule(this, 'CloudFrontAlarmForwarded', {
      description: 'The CloudFront 5xx alarm (us-east-1) changed state: tell on-call',
      eventPattern: { source: ['aws.cloudwatch'], detailType: ['CloudWatch Alarm State Change'], detail: { alarmName: [cloudFrontAlarmName(config)] } },
    });
    for (const topic of topics) forwarded.addTarget(new eventTargets.SnsTopic(topic));

    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${prefix}monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: config.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notificationType: 'ACTUAL', threshold: 80 },
        { notificationType: 'FORECASTED', threshold: 100 },
      ].map((n) => ({
        notification: { ...n, comparisonOperator: 'GREATER_THAN', thresholdType: 'PERCENTAGE' },
        subscribers: budgetSubscribers(stageTopic.topicArn, config.budgetEmails ?? []),
      })),
    });

    this.dashboard = this.buildDashboard(config, props);
  }

  /** From outside, like a user: the health probe and one page, every few minutes; two failed runs in a row page. */
  private addCanary(config: DeployConfig, siteOrigin: string): SiteCanary {
    const prefix = namePrefix(config);
    const canary = new SiteCanary(this, 'Canary', {
      name: `${prefix}site`,
      siteOrigin,
      rate: config.stage === 'prod' ? Duration.minutes(5) : Duration.minutes(15),
      retain: config.stage !== 'dev',
    });
    this.ownAlarms.push({
      area: 'api',
      severity: 'page',
      alarm: namedAlarm(this, 'CanaryFailed', {
        alarmName: `${prefix}CanaryFailed`,
        alarmDescription: `The canary ${prefix}site failed twice in a row or stopped reporting: the health probe or the predictions page does not work from outside. Its screenshots and logs are in CloudWatch Synthetics.`,
        metric: canary.canary.metricSuccessPercent({ period: canary.rate, statistic: cloudwatch.Stats.AVERAGE }),
        threshold: 100,
        comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 2,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      }),
    });
    return canary;
  }

  /** Per area, a composite over what pages and one over what makes a ticket, split when too big for CloudWatch. */
  private addComposites(prefix: string, all: readonly NamedAlarm[], stageTopic: sns.ITopic, topics: readonly sns.ITopic[]): void {
    for (const area of AREAS) {
      for (const severity of ['page', 'ticket'] as const) {
        const members = all
          .filter((a) => a.area === area && (a.severity ?? 'ticket') === severity)
          .map((a) => ({ name: alarmNameOf(a.alarm), group: a.group ?? 'shared' }));
        if (members.length === 0) continue;
        const name = compositeName(prefix, area, severity);
        const made = new Map<string, cloudwatch.CompositeAlarm>();
        for (const plan of compositePlan(name, members)) {
          const top = plan.name === name;
          const composite = new cloudwatch.CompositeAlarm(
            this,
            top ? `Area-${area}${severity === 'ticket' ? '-tickets' : ''}` : `Part-${plan.name.slice(prefix.length)}`,
            {
              compositeAlarmName: plan.name,
              alarmDescription: top
                ? `${severity === 'page' ? 'Users are affected' : 'Needs a look the next working day'} in the ${area} area: the alarms in ALARM state say what (CloudWatch, dashboard ${prefix}overview; docs/operations.md). One message on alarm, one on recovery.`
                : `Part of ${name} (no notification of its own).`,
              alarmRule: cloudwatch.AlarmRule.fromString(plan.children.map((n) => `ALARM("${n}")`).join(' OR ')),
            },
          );
          // A composite names its children: the sub-composites must exist first.
          for (const child of plan.children) if (made.has(child)) composite.node.addDependency(made.get(child)!);
          made.set(plan.name, composite);
          if (!top) continue;
          // Pages reach the paging integration too; tickets only the stage's topic (email).
          for (const topic of severity === 'page' ? topics : [stageTopic]) {
            composite.addAlarmAction(new SnsAction(topic));
            composite.addOkAction(new SnsAction(topic));
          }
          this.composites.set(name, composite);
        }
      }
    }
  }

  private buildDashboard(config: DeployConfig, props: MonitoringStackProps): cloudwatch.Dashboard {
    const prefix = namePrefix(config);
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `${prefix}overview`, defaultInterval: Duration.days(1) });
    const width = 8;
    const lambda = (spec: FunctionSpec, metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName,
        dimensionsMap: { FunctionName: functionName(prefix, spec) },
        statistic,
        period: FIVE_MINUTES,
        label: spec.handler,
      });
    const sqs = (queue: string, metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SQS',
        metricName,
        dimensionsMap: { QueueName: `${prefix}${queue}` },
        statistic: cloudwatch.Stats.MAXIMUM,
        period: FIVE_MINUTES,
        label: queue,
      });
    const cf = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        region: 'us-east-1',
        statistic,
        period: FIVE_MINUTES,
      });
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Areas', alarms: [...this.composites.values()], width: 24, height: 3 }));
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'CloudFront',
        width,
        left: [cf('Requests', cloudwatch.Stats.SUM)],
        right: [cf('4xxErrorRate', cloudwatch.Stats.AVERAGE), cf('5xxErrorRate', cloudwatch.Stats.AVERAGE)],
      }),
      new cloudwatch.GraphWidget({ title: 'Lambda errors', width, left: props.functionSpecs.map((s) => lambda(s, 'Errors', cloudwatch.Stats.SUM)) }),
      new cloudwatch.GraphWidget({ title: 'Lambda duration p99', width, left: props.functionSpecs.map((s) => lambda(s, 'Duration', 'p99')) }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'Queue depth', width, left: queueNames.map((n) => sqs(n, 'ApproximateNumberOfMessagesVisible')) }),
      new cloudwatch.GraphWidget({ title: 'Oldest message age (s)', width, left: queueNames.map((n) => sqs(n, 'ApproximateAgeOfOldestMessage')) }),
      new cloudwatch.GraphWidget({
        title: 'Dead letters',
        width,
        left: [...queueNames, 'schedules'].map((n) => sqs(`${n}-dlq`, 'ApproximateNumberOfMessagesVisible')),
      }),
    );
    return dashboard;
  }
}
