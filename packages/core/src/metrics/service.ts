import type { LatestMetrics, Trend } from '@app/contracts/metrics';
import type { MetricsRepository } from './ports.ts';

/** The trend chart plots the last 30 entries (docs/product.md#business-constants). */
export const TREND_LENGTH = 30;

export function makeMetricsService({ metrics }: { metrics: MetricsRepository }) {
  return {
    latest(): Promise<LatestMetrics> {
      return metrics.getLatest();
    },
    trend(): Promise<Trend> {
      return metrics.listTrend(TREND_LENGTH);
    },
  };
}

export type MetricsService = ReturnType<typeof makeMetricsService>;
