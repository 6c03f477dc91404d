import type { StoredPrediction } from './prediction.ts';

/** Read side of predictions (the pipeline adds the write side). */
export interface PredictionRepository {
  /** Every current prediction whose kickoff falls within [from, to], ordered by kickoff. */
  listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]>;
}

/**
 * The flag-only records of leagues without history, apart from the forecasts (their own match-day index), so no
 * forecast read (the results, the analytics, the sitemap) meets them; the odds scan writes them through
 * the pipeline's `PipelinePredictionRepository.writeScan` (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md).
 */
export interface ValueOnlyReads {
  /** Every flag-only record whose kickoff falls within [from, to], ordered by kickoff. */
  listValueOnlyByKickoff(from: Date, to: Date): Promise<StoredPrediction[]>;
}

/**
 * One league's fixtures the odds scan found unchanged, each with the time of that scan
 * (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md): what the last scan saw of
 * a prediction it did not rewrite. Only fixtures not kicked off are kept.
 */
export interface ScanMark {
  leagueId: string;
  /** The last scan of the league that wrote this mark. */
  at: string;
  /** Fixture id -> the last scan that found it unchanged. */
  unchanged: Record<string, string>;
}

export interface ScanMarkRepository {
  /** Every league's mark (one read). */
  all(): Promise<ScanMark[]>;
  /** One league's mark. */
  get(leagueId: string): Promise<ScanMark | undefined>;
  /** Replaces the marks of these leagues (batched). */
  saveAll(marks: ScanMark[]): Promise<void>;
}
