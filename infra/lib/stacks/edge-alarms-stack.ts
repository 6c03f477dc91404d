import { Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config.ts';
import { FIVE_MINUTES, namedAlarm } from '../constructs/alarms.ts';
import { cloudFrontAlarmName } from './monitoring-stack.ts';

/** Per cent of CloudFront responses that are 5xx, averaged over 5 minutes, that alarm. */
export const CLOUDFRONT_5XX_RATE = 5;

/**
 * CloudFront publishes its metrics in us-east-1 only, and an alarm watches metrics of its own
 * region: the 5xx-rate alarm lives here, and an EventBridge rule forwards its state changes to the
 * app region's default bus, where the monitoring stack sends them to on-call.
 */
export class EdgeAlarmsStack extends Stack {
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: StackProps & { config: DeployConfig; distributionId: string }) {
    super(scope, id, props);
    this.alarm = namedAlarm(this, 'CloudFront5xxRate', {
      alarmName: cloudFrontAlarmName(props.config),
      alarmDescription: `Over ${CLOUDFRONT_5XX_RATE} % of the site's responses were 5xx for 10 minutes (origin errors, an unreachable API or bucket).`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: cloudwatch.Stats.AVERAGE,
        period: FIVE_MINUTES,
      }),
      threshold: CLOUDFRONT_5XX_RATE,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    new events.Rule(this, 'Forward', {
      description: 'CloudFront 5xx alarm state changes, to the app region (monitoring stack)',
      eventPattern: { source: ['aws.cloudwatch'], detailType: ['CloudWatch Alarm State Change'], detail: { alarmName: [cloudFrontAlarmName(props.config)] } },
      targets: [
        new eventTargets.EventBus(
          events.EventBus.fromEventBusArn(this, 'AppRegionBus', `arn:${this.partition}:events:${props.config.region}:${this.account}:event-bus/default`),
        ),
      ],
    });
  }
}
