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

/**
 * Who hears of an alarm (docs/operations.md "Who is paged"): `page`, the users are hurt now (the
 * area's composite notifies the paging topic too); `ticket`, someone looks the next working day
 * (the area's `-tickets` composite notifies the stage's topic only). Default: ticket.
 */
export type Severity = 'page' | 'ticket';

export interface NamedAlarm {
  area: Area;
  alarm: cloudwatch.Alarm;
  severity?: Severity;
  /** Where it belongs inside its area (a route group, `queues`...): sub-composites split along it when an area is too big. */
  group?: string;
}

/** CloudWatch refuses a composite alarm whose rule names more than 100 alarms. */
export const MAX_COMPOSITE_CHILDREN = 100;

export interface CompositePlan {
  name: string;
  /** Alarm names (metric or composite) in its rule, ORed. */
  children: string[];
}

/**
 * The composites that report `alarms` under `name`: one composite when they fit in
 * `max` children, else one sub-composite per group (chunked further when a group is too big)
 * under a top composite named `name`. Sub-composites come first (they must exist before the top
 * one names them); the last entry is the top.
 */
export function compositePlan(name: string, alarms: ReadonlyArray<{ name: string; group: string }>, max = MAX_COMPOSITE_CHILDREN): CompositePlan[] {
  if (alarms.length <= max) return [{ name, children: alarms.map((a) => a.name) }];
  const groups = new Map<string, string[]>();
  for (const a of alarms) groups.set(a.group, [...(groups.get(a.group) ?? []), a.name]);
  const subs: CompositePlan[] = [];
  for (const [group, names] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const chunks = Math.ceil(names.length / max);
    for (let i = 0; i < chunks; i++)
      subs.push({ name: chunks === 1 ? `${name}-${group}` : `${name}-${group}-${i + 1}`, children: names.slice(i * max, (i + 1) * max) });
  }
  if (subs.length > max) throw new Error(`${name}: ${subs.length} groups of alarms, more than a composite alarm can hold (${max})`);
  return [...subs, { name, children: subs.map((s) => s.name) }];
}

/**
 * An alarm on the p99 of `metric` (milliseconds) at or over `thresholdMs` in 3 consecutive
 * 5-minute periods: slowness that lasts, not one slow request.
 */
export function latencyP99Alarm(
  scope: Construct,
  prefix: string,
  id: string,
  metric: cloudwatch.Metric,
  thresholdMs: number,
  alarmDescription: string,
): cloudwatch.Alarm {
  return namedAlarm(scope, id, {
    alarmName: `${prefix}${id}`,
    alarmDescription,
    metric: metric.with({ statistic: 'p99', period: FIVE_MINUTES }),
    threshold: thresholdMs,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 3,
    datapointsToAlarm: 3,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
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
