import type { TrackingRow } from '@app/contracts/tracking';

export type TrackingStatus = 'Win' | 'Loss' | 'Pending';

/** docs/product.md#performance-tracking: Win when isCorrect is true, Loss when false, Pending when null. */
export function trackingStatus(row: Pick<TrackingRow, 'isCorrect'>): TrackingStatus {
  if (row.isCorrect === true) return 'Win';
  if (row.isCorrect === false) return 'Loss';
  return 'Pending';
}
