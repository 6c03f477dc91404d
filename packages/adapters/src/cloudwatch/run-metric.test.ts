import { describe, expect, it } from 'vitest';
import { SCHEDULE_DIMENSION, SCHEDULED_RUN_METRIC, scheduledRunMetric } from './run-metric.ts';

describe('the run metric of a scheduled run', () => {
  it('is an EMF record: one ScheduledRuns, dimensioned by the schedule, at the run time, in the namespace given', () => {
    const fields = scheduledRunMetric('FootballPredictions/fp-prod', 'odds-scan', new Date('2026-12-07T06:00:00Z'));
    expect(fields).toEqual({
      _aws: {
        Timestamp: Date.parse('2026-12-07T06:00:00Z'),
        CloudWatchMetrics: [{ Namespace: 'FootballPredictions/fp-prod', Dimensions: [['Schedule']], Metrics: [{ Name: 'ScheduledRuns', Unit: 'Count' }] }],
      },
      Schedule: 'odds-scan',
      ScheduledRuns: 1,
    });
    // Every dimension and metric the record declares is a field of the line (CloudWatch drops the record otherwise).
    const declared = (fields._aws as { CloudWatchMetrics: Array<{ Dimensions: string[][]; Metrics: Array<{ Name: string }> }> }).CloudWatchMetrics[0]!;
    for (const key of [...declared.Dimensions.flat(), ...declared.Metrics.map((m) => m.Name)]) expect(fields).toHaveProperty(key);
    expect([SCHEDULE_DIMENSION, SCHEDULED_RUN_METRIC]).toEqual(['Schedule', 'ScheduledRuns']);
  });
});
