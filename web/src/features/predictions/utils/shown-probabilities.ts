import type { Prediction } from '@app/contracts/predictions';

import { roundToHundred } from '@/utils/largest-remainder';

/**
 * Home, draw and away as every view shows them: tenths rounded together so that they add up to
 * 100.0 (docs/decisions/0071-percentages-that-add-up.md). Sorts and filters read these too, so a
 * card at 55.1 % never ranks below one at 55.0 %. Null when locked.
 */
export function shownOutcomes(prediction: Pick<Prediction, 'homeWinProb' | 'drawProb' | 'awayWinProb'>): { home: number; draw: number; away: number } | null {
  const { homeWinProb, drawProb, awayWinProb } = prediction;
  if (homeWinProb === null || drawProb === null || awayWinProb === null) return null;
  const [home, draw, away] = roundToHundred([homeWinProb, drawProb, awayWinProb]) as [number, number, number];
  return { home, draw, away };
}

/** Over and Under 2.5 as every view shows them (tenths adding up to 100.0); null when locked. */
export function shownOverUnder(prediction: Pick<Prediction, 'overUnder25'>): { over: number; under: number } | null {
  if (prediction.overUnder25 === null) return null;
  const [over, under] = roundToHundred([prediction.overUnder25, 100 - prediction.overUnder25]) as [number, number];
  return { over, under };
}
