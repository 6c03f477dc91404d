import type { LatestMetrics, Trend } from '@app/contracts/metrics';
import { makeReadCache, type Keyed, type ReadCache } from '../cache/read-cache.ts';
import type { Clock } from '../clock.ts';
import type { MetricsRepository } from './ports.ts';

async function keyed<T>(name: string, cache: ReadCache<T>): Promise<Keyed<T>> {
  const { value, version } = await cache.loaded();
  return { key: `${name}@${version}`, value };
}

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
 * so each read is reused for `cacheTtlMs`, under a key naming it.
 */
export function makeMetricsService({ metrics, clock, cacheTtlMs = 0 }: MetricsServiceOptions) {
  const latest = makeReadCache({ load: () => metrics.getLatest(), clock, ttlMs: cacheTtlMs });
  const trend = makeReadCache({ load: () => metrics.listTrend(TREND_LENGTH), clock, ttlMs: cacheTtlMs });
  return {
    /** The latest metrics, or null before the first metrics run. */
    latest(): Promise<Keyed<LatestMetrics>> {
      return keyed('latest', latest);
    },
    /** The last 30 daily entries, oldest first. */
    trend(): Promise<Keyed<Trend>> {
      return keyed('trend', trend);
    },
    /** Forgets both reads (a metrics run in this process just published). */
    invalidate(): void {
      latest.invalidate();
      trend.invalidate();
    },
  };
}

export type MetricsService = ReturnType<typeof makeMetricsService>;
