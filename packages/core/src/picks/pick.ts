import { HIGH_CONFIDENCE_PERCENT } from '@app/contracts/rules';
import type { FixtureRef, Origin, StoredPrediction } from '../predictions/prediction.ts';

export type PredictionType = 'home_win' | 'draw' | 'away_win' | 'over_25' | 'under_25';
export type PickMarket = '1x2' | 'ou25';
export type PickStatus = 'pending' | 'won' | 'lost' | 'void';

export const PICK_LABELS: Record<PredictionType, string> = {
  home_win: 'Home Win',
  draw: 'Draw',
  away_win: 'Away Win',
  over_25: 'Over 2.5',
  under_25: 'Under 2.5',
};

/**
 * A pick is high-confidence at 60 % or more. Only those are tracked
 * (docs/decisions/0008-picks-and-the-high-confidence-threshold.md).
 */
export const HIGH_CONFIDENCE = HIGH_CONFIDENCE_PERCENT / 100;

/**
 * A tracked pick: the 1X2 pick (the most likely of home, draw, away) or the goals pick (Over 2.5
 * at 50 % or more, else Under 2.5) of one prediction, kept only when its confidence is at least 60 %.
 */
export interface Pick extends FixtureRef {
  /** `<fixtureId>~1x2` or `<fixtureId>~ou25`; the admin odds form calls it predictionId. */
  id: string;
  market: PickMarket;
  predictionType: PredictionType;
  /** The pick's probability (0..1). */
  confidence: number;
  /** Best decimal odds captured for the selection before kickoff. */
  capturedOdds?: number;
  /** Decimal odds an admin entered for a won pick; they win over the captured ones. */
  winningOdds?: number;
  status: PickStatus;
  /** e.g. '2-1 (Home Win)', once settled. */
  actualResult?: string;
  settledAt?: string;
  modelVersion: string;
  generatedAt: string;
  /** Its prediction's origin; absent on records written before origins were kept. */
  origin?: Origin;
}

export function pickId(fixtureId: string, market: PickMarket): string {
  return `${fixtureId}~${market}`;
}

/** The high-confidence picks of a prediction (zero, one or two). */
export function picksOf(prediction: StoredPrediction): Pick[] {
  const p = prediction.probabilities;
  const oneXTwo: Array<[PredictionType, number, number | undefined]> = [
    ['home_win', p.home, prediction.bestOdds?.home],
    ['draw', p.draw, prediction.bestOdds?.draw],
    ['away_win', p.away, prediction.bestOdds?.away],
  ];
  // Ties go to the first listed (home, then draw), deterministically.
  const top = oneXTwo.reduce((best, c) => (c[1] > best[1] ? c : best));
  const over = prediction.overUnder25.over >= 0.5;
  const goals: [PredictionType, number, number | undefined] = over
    ? ['over_25', prediction.overUnder25.over, prediction.bestOdds?.over25]
    : ['under_25', prediction.overUnder25.under, prediction.bestOdds?.under25];
  const base = {
    fixtureId: prediction.fixtureId,
    leagueId: prediction.leagueId,
    leagueName: prediction.leagueName,
    homeTeam: prediction.homeTeam,
    awayTeam: prediction.awayTeam,
    kickoff: prediction.kickoff,
    status: 'pending' as const,
    modelVersion: prediction.modelVersion,
    generatedAt: prediction.generatedAt,
    ...(prediction.origin ? { origin: prediction.origin } : {}),
  };
  const picks: Pick[] = [];
  for (const [market, [type, confidence, odds]] of [['1x2', top], ['ou25', goals]] as const) {
    if (confidence < HIGH_CONFIDENCE) continue;
    picks.push({ ...base, id: pickId(prediction.fixtureId, market), market, predictionType: type, confidence, ...(odds ? { capturedOdds: odds } : {}) });
  }
  return picks;
}

export function outcomeLabel(score: { home: number; away: number }): 'Home Win' | 'Draw' | 'Away Win' {
  return score.home > score.away ? 'Home Win' : score.home < score.away ? 'Away Win' : 'Draw';
}

/** '2-1 (Home Win)' */
export function actualResultText(score: { home: number; away: number }): string {
  return `${score.home}-${score.away} (${outcomeLabel(score)})`;
}

export function isCorrect(type: PredictionType, score: { home: number; away: number }): boolean {
  const goals = score.home + score.away;
  switch (type) {
    case 'home_win':
      return score.home > score.away;
    case 'draw':
      return score.home === score.away;
    case 'away_win':
      return score.home < score.away;
    case 'over_25':
      return goals >= 3;
    case 'under_25':
      return goals <= 2;
  }
}

export function settle(pick: Pick, score: { home: number; away: number }, at: Date): Pick {
  return { ...pick, status: isCorrect(pick.predictionType, score) ? 'won' : 'lost', actualResult: actualResultText(score), settledAt: at.toISOString() };
}

/** A pick of a match that was called off (docs/decisions/0121-postponed-matches-stay-pending.md). */
export function voidPick(pick: Pick, at: Date): Pick {
  return { ...pick, status: 'void', actualResult: 'Cancelled', settledAt: at.toISOString() };
}

/** The odds a won pick is paid at: the admin's, else the best captured before kickoff. */
export function payingOdds(pick: Pick): number | undefined {
  return pick.winningOdds ?? pick.capturedOdds;
}

/** true / false once settled, null while pending (void picks are never shown as correct or not). */
export function correctness(pick: Pick): boolean | null {
  return pick.status === 'won' ? true : pick.status === 'lost' ? false : null;
}
