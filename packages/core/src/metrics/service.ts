import type { LatestMetrics, Trend } from '@app/contracts/metrics';
import { answerMaker, makeReadCache, type Serialised } from '../cache/read-cache.ts';
import type { Clock } from '../clock.ts';
import type { MetricsRepository } from './ports.ts';

/** The trend chart plots the last 30 daily entries. */
export const TREND_LENGTH = 30;

export interface MetricsServiceOptions {
  metrics: MetricsRepository;
  clock: Clock;
  /** How long a read is reused by this process. 0 reads every time. */
  cacheTtlMs?: number;
}

/**
 * The public performance figures: the same for every viewer and changed only by the metrics job,
 * so each read is serialised once and reused for `cacheTtlMs`.
 */
export function makeMetricsService({ metrics, clock, cacheTtlMs = 0 }: MetricsServiceOptions) {
  const latestAnswer = answerMaker<LatestMetrics>();
  const trendAnswer = answerMaker<Trend>();
  const latest = makeReadCache({ load: async () => latestAnswer(await metrics.getLatest()), clock, ttlMs: cacheTtlMs });
  const trend = makeReadCache({ load: async () => trendAnswer(await metrics.listTrend(TREND_LENGTH)), clock, ttlMs: cacheTtlMs });
  return {
    /** The latest metrics, or null before the first metrics run. */
    latest(): Promise<Serialised<LatestMetrics>> {
      return latest.get();
    },
    /** The last 30 daily entries, oldest first. */
    trend(): Promise<Serialised<Trend>> {
      return trend.get();
    },
    /** Forgets both reads (a metrics run in this process just published). */
    invalidate(): void {
      latest.invalidate();
      trend.invalidate();
    },
  };
}

export type MetricsService = ReturnType<typeof makeMetricsService>;
