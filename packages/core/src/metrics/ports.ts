import type { Metrics, TrendEntry } from '@app/contracts/metrics';

export interface MetricsRepository {
  getLatest(): Promise<Metrics | null>;
  /** The most recent `limit` daily entries, oldest first. */
  listTrend(limit: number): Promise<TrendEntry[]>;
}
