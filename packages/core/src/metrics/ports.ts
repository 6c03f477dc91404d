import type { TrackRecord, TrendEntry } from '@app/contracts/metrics';

export interface MetricsRepository {
  getLatest(): Promise<TrackRecord | null>;
  /** The most recent `limit` daily entries, oldest first. */
  listTrend(limit: number): Promise<TrendEntry[]>;
}
