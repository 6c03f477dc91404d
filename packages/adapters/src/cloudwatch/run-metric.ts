/**
 * The heartbeat of a scheduled run: one JSON log line in CloudWatch's embedded metric format (EMF),
 * from which CloudWatch extracts `ScheduledRuns = 1` with the dimension `Schedule`, with no call and
 * no client. infra alarms when a schedule's runs stop (missing data counts as a missed run).
 */
export const SCHEDULED_RUN_METRIC = 'ScheduledRuns';
export const SCHEDULE_DIMENSION = 'Schedule';

/** The fields that make a log line the run metric of `schedule` at `at`. */
export function scheduledRunMetric(namespace: string, schedule: string, at: Date): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [[SCHEDULE_DIMENSION]], Metrics: [{ Name: SCHEDULED_RUN_METRIC, Unit: 'Count' }] }],
    },
    [SCHEDULE_DIMENSION]: schedule,
    [SCHEDULED_RUN_METRIC]: 1,
  };
}
