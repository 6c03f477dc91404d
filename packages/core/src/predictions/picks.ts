import { HIGH_CONFIDENCE_PERCENT } from '@app/contracts/rules';
import type { Selection, StoredPrediction } from './prediction.ts';

export type PredictionType = 'home_win' | 'draw' | 'away_win' | 'over_25' | 'under_25';
export type PickMarket = '1x2' | 'ou25';

export const PICK_LABELS: Record<Selection, string> = {
  home: 'Home Win',
  draw: 'Draw',
  away: 'Away Win',
  over25: 'Over 2.5',
  under25: 'Under 2.5',
};

/** The admin odds page names a selection by its prediction type. */
export const PREDICTION_TYPES: Record<Selection, PredictionType> = {
  home: 'home_win',
  draw: 'draw',
  away: 'away_win',
  over25: 'over_25',
  under25: 'under_25',
};

export const marketOf = (selection: Selection): PickMarket => (selection === 'over25' || selection === 'under25' ? 'ou25' : '1x2');

/**
 * A pick is high-confidence at 60 % or more. Only those are tracked
 * (docs/decisions/0008-picks-and-the-high-confidence-threshold.md).
 */
export const HIGH_CONFIDENCE = HIGH_CONFIDENCE_PERCENT / 100;

/**
 * A tracked pick of one forecast: the 1X2 pick (the most likely of home, draw, away) or the goals
 * pick (Over 2.5 at 50 % or more, else Under 2.5), kept only when its probability is at least 60 %.
 */
export interface PickSelection {
  market: PickMarket;
  selection: Selection;
  /** The pick's probability (0..1). */
  confidence: number;
}

/** The high-confidence picks of a prediction (zero, one or two): the rule the card shows and the ledger records. */
export function picksOf(prediction: Pick<StoredPrediction, 'probabilities' | 'overUnder25'>): PickSelection[] {
  const p = prediction.probabilities;
  const oneXTwo: Array<[Selection, number]> = [
    ['home', p.home],
    ['draw', p.draw],
    ['away', p.away],
  ];
  // Ties go to the first listed (home, then draw), deterministically.
  const top = oneXTwo.reduce((best, c) => (c[1] > best[1] ? c : best));
  const goals: [Selection, number] = prediction.overUnder25.over >= 0.5 ? ['over25', prediction.overUnder25.over] : ['under25', prediction.overUnder25.under];
  return [top, goals]
    .filter(([, confidence]) => confidence >= HIGH_CONFIDENCE)
    .map(([selection, confidence]) => ({ market: marketOf(selection), selection, confidence }));
}

export function outcomeLabel(score: { home: number; away: number }): 'Home Win' | 'Draw' | 'Away Win' {
  return score.home > score.away ? 'Home Win' : score.home < score.away ? 'Away Win' : 'Draw';
}

/** '2-1 (Home Win)' */
export function actualResultText(score: { home: number; away: number }): string {
  return `${score.home}-${score.away} (${outcomeLabel(score)})`;
}

export function isCorrect(selection: Selection, score: { home: number; away: number }): boolean {
  const goals = score.home + score.away;
  switch (selection) {
    case 'home':
      return score.home > score.away;
    case 'draw':
      return score.home === score.away;
    case 'away':
      return score.home < score.away;
    case 'over25':
      return goals >= 3;
    case 'under25':
      return goals <= 2;
  }
}
