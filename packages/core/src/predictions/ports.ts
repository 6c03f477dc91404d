import type { StoredPrediction } from './prediction.ts';

/** Read side of predictions (the pipeline adds the write side). */
export interface PredictionRepository {
  /** Every current prediction whose kickoff falls within [from, to], ordered by kickoff. */
  listByKickoff(from: Date, to: Date): Promise<StoredPrediction[]>;
}
