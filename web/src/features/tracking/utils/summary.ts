import type { TrackingRow } from '@app/contracts/tracking';

export type TrackingSummary = { total: number; completed: number; correct: number; incorrect: number; winRate: number };

/**
 * docs/product.md#performance-tracking: a row is completed when hasResult is true; completed rows are Win
 * (isCorrect true) or Loss (false). Win rate = correct / completed x 100, 0 when none completed.
 */
export function summarise(rows: TrackingRow[]): TrackingSummary {
  const completed = rows.filter((row) => row.hasResult);
  const correct = completed.filter((row) => row.isCorrect === true).length;
  const incorrect = completed.filter((row) => row.isCorrect === false).length;
  return {
    total: rows.length,
    completed: completed.length,
    correct,
    incorrect,
    winRate: completed.length > 0 ? (correct / completed.length) * 100 : 0,
  };
}

export type TrackingStatus = 'Win' | 'Loss' | 'Pending';

/** docs/product.md#performance-tracking: Win when isCorrect is true, Loss when false, Pending when null. */
export function trackingStatus(row: Pick<TrackingRow, 'isCorrect'>): TrackingStatus {
  if (row.isCorrect === true) return 'Win';
  if (row.isCorrect === false) return 'Loss';
  return 'Pending';
}
