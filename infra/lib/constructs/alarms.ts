import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const FIVE_MINUTES = Duration.minutes(5);

/** The areas whose composite alarms notify a person (monitoring stack). */
export const AREAS = ['api', 'jobs', 'billing', 'email'] as const;
export type Area = (typeof AREAS)[number];

/** `fp-prod-`  -> `FootballPredictions/fp-prod`: the namespace of the metrics this app derives or emits. */
export const metricNamespace = (prefix: string) => `FootballPredictions/${prefix.replace(/-$/, '')}`;

export interface NamedAlarm {
  area: Area;
  alarm: cloudwatch.Alarm;
}

const names = new WeakMap<cloudwatch.Alarm, string>();

/**
 * An alarm with a name chosen here, so that another stack (the composite alarms, CodeDeploy) can
 * name it as a plain string, without a cross-stack reference.
 */
export function namedAlarm(scope: Construct, id: string, props: cloudwatch.AlarmProps & { alarmName: string }): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, props);
  names.set(alarm, props.alarmName);
  return alarm;
}

/** The name an alarm was given by `namedAlarm`. */
export function alarmNameOf(alarm: cloudwatch.Alarm): string {
  const name = names.get(alarm);
  if (!name) throw new Error(`Alarm ${alarm.node.path} has no name of ours: create it with namedAlarm()`);
  return name;
}

/**
 * An alarm on `metric` reaching `threshold` in one 5-minute period (no data is fine), named
 * `<prefix><id>`. It has no action: its area's composite alarm is what notifies.
 */
export function alarmAtLeast(
  scope: Construct,
  prefix: string,
  id: string,
  metric: cloudwatch.IMetric,
  threshold: number,
  alarmDescription: string,
  comparisonOperator = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
): cloudwatch.Alarm {
  return namedAlarm(scope, id, {
    alarmName: `${prefix}${id}`,
    alarmDescription,
    metric,
    threshold,
    comparisonOperator,
    evaluationPeriods: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}

/** One metric counting the lines that match `filterPattern` in `logGroups` (a metric filter each). */
export function logLineCount(
  scope: Construct,
  namespace: string,
  metricName: string,
  logGroups: ReadonlyArray<{ id: string; logGroup: logs.ILogGroup }>,
  filterPattern: logs.IFilterPattern,
): cloudwatch.Metric {
  for (const source of logGroups) {
    new logs.MetricFilter(scope, `${metricName}-${source.id}`, {
      logGroup: source.logGroup,
      filterPattern,
      metricNamespace: namespace,
      metricName,
      metricValue: '1',
      defaultValue: 0,
    });
  }
  return new cloudwatch.Metric({ namespace, metricName, period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM });
}
