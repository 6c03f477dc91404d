import type { TrackingRow } from '@app/contracts/tracking';

export type TrackingStatus = 'Win' | 'Loss' | 'Pending';

/** docs/product.md#performance-tracking: Win when isCorrect is true, Loss when false, Pending when null. */
export function trackingStatus(row: Pick<TrackingRow, 'isCorrect'>): TrackingStatus {
  if (row.isCorrect === true) return 'Win';
  if (row.isCorrect === false) return 'Loss';
  return 'Pending';
}

/** The four stat cards' figures, counted on the client from the rows the page received. */
export interface TrackingCounts {
  /** Every row returned. */
  total: number;
  /** Rows with a result (`hasResult`): Win or Loss. */
  completed: number;
  correct: number;
  incorrect: number;
  /** correct / completed x 100; 0 when nothing is completed. */
  winRate: number;
}

/** docs/product.md#performance-tracking: Total Predictions, Win Rate (correct / completed x 100), Correct, Incorrect. */
export function trackingCounts(rows: readonly Pick<TrackingRow, 'hasResult' | 'isCorrect'>[]): TrackingCounts {
  const completed = rows.filter((row) => row.hasResult);
  const correct = completed.filter((row) => row.isCorrect === true).length;
  const incorrect = completed.filter((row) => row.isCorrect === false).length;
  return {
    total: rows.length,
    completed: completed.length,
    correct,
    incorrect,
    winRate: completed.length === 0 ? 0 : (correct / completed.length) * 100,
  };
}
