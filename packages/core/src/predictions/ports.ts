import type { StoredPrediction } from './prediction.ts';

/** Read side of predictions (the pipeline adds the write side). */
export interface PredictionRepository {
  /** Every current prediction whose kickoff falls within [from, to], ordered by kickoff. */
  listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]>;
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

export interface ScanMarkStore {
  /** Every league's mark (one read). */
  all(): Promise<ScanMark[]>;
  /** One league's mark. */
  get(leagueId: string): Promise<ScanMark | undefined>;
  /** Replaces the marks of these leagues (batched). */
  saveAll(marks: ScanMark[]): Promise<void>;
}
