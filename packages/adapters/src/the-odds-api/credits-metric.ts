import type { OddsApiQuota } from './the-odds-api-provider.ts';

/** The CloudWatch metric of The Odds API credits left this month (infra alarms on it). */
export const ODDS_CREDITS_METRIC = 'OddsApiCreditsRemaining';

/**
 * The fields that make one JSON log line a CloudWatch embedded-metric-format (EMF) record of the
 * credits left, from the last response's `x-requests-remaining`: CloudWatch extracts the metric
 * from the function's log, with no call and no client. Undefined when the response did not say.
 */
export function oddsApiCreditsMetric(quota: OddsApiQuota, namespace: string): Record<string, unknown> | undefined {
  if (quota.remaining === undefined) return undefined;
  return {
    _aws: {
      Timestamp: Date.parse(quota.updatedAt),
      CloudWatchMetrics: [{ Namespace: namespace, Dimensions: [[]], Metrics: [{ Name: ODDS_CREDITS_METRIC, Unit: 'Count' }] }],
    },
    [ODDS_CREDITS_METRIC]: quota.remaining,
  };
}
