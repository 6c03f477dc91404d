import type { WinningPrediction } from '@app/contracts/admin';
import type { User } from '@app/contracts/auth';
import type { MatchPage } from '@app/contracts/matches';
import type { ValueWorth } from '@app/contracts/analytics';
import type { TrackRecord } from '@app/contracts/metrics';
import type { Prediction } from '@app/contracts/predictions';
import type { TrackingRow } from '@app/contracts/tracking';
import * as displayNames from '@app/contracts/display-names';

import { listPrediction, type ListedPrediction } from '@/features/predictions/api/get-predictions';

let sequence = 0;
const next = () => ++sequence;

/** A local date-time `days` from today at `hour:minute`, as ISO (what the API sends). */
export function kickoff(days: number, hour = 15, minute = 0): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute).toISOString();
}

export function makeUser(overrides: Partial<User> = {}): User {
  const n = next();
  return {
    id: `user-${n}`,
    email: `fan${n}@example.com`,
    emailVerified: true,
    subscriptionStatus: 'free',
    role: 'user',
    cancelAt: null,
    breakUntil: null,
    ...overrides,
  };
}

/** An unlocked (premium view) prediction; pass `locked()` output for the visitor view. */
export function makePrediction(overrides: Partial<Prediction> = {}): Prediction {
  const n = next();
  return {
    id: `pred-${n}`,
    fixtureId: `fix-${n}`,
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    homeTeamSlug: `home-${n}`,
    awayTeamSlug: `away-${n}`,
    league: 'Northern League',
    leagueId: 'north',
    matchTime: kickoff(1),
    isLocked: false,
    isPremium: true,
    homeWinProb: 50,
    drawProb: 25,
    awayWinProb: 25,
    overUnder25: 55,
    isValueBet: false,
    valueBets: [],
    picks: [],
    modelWeight: null,
    forecastSource: null,
    insights: null,
    markets: null,
    modelVersion: 'test-1',
    generatedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A prediction as the lists hold it once read (features/predictions/api/get-predictions.ts): with the names people know. */
export function makeListedPrediction(overrides: Partial<Prediction> = {}): ListedPrediction {
  return listPrediction(makePrediction(overrides), displayNames);
}

/** The same prediction as a visitor or free user receives it: no probabilities at all. */
export function locked<T extends Prediction>(prediction: T): T {
  return {
    ...prediction,
    isLocked: true,
    isPremium: false,
    homeWinProb: null,
    drawProb: null,
    awayWinProb: null,
    overUnder25: null,
    isValueBet: null,
    valueBets: null,
    picks: null,
    modelWeight: null,
    insights: null,
    markets: null,
  };
}

export function makeMetrics(overrides: Partial<TrackRecord> = {}): TrackRecord {
  return {
    winAccuracy: 64.2,
    totalPredictions: 53,
    totalProfit: 182.4,
    payoutPercentage: 17.2,
    bestWinningOdds: 3.4,
    date: '2026-03-05',
    basis: 'published',
    publishedPredictions: 53,
    backfilledPredictions: 0,
    ...overrides,
  };
}

export function makeWinningPrediction(overrides: Partial<WinningPrediction> = {}): WinningPrediction {
  const n = next();
  return {
    id: `pick-${n}`,
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    league: 'Northern League',
    matchTime: kickoff(-1),
    predictionType: 'home_win',
    ourPrediction: 'Home Win',
    actualResult: '2-1 (Home Win)',
    winningOdds: 2.1,
    hasResult: true,
    ...overrides,
  };
}

export function makeTrackingRow(overrides: Partial<TrackingRow> = {}): TrackingRow {
  const n = next();
  return {
    id: `row-${n}`,
    fixtureId: `fix-${n}`,
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    league: 'Northern League',
    matchTime: kickoff(-2),
    ourPrediction: 'Home Win',
    confidence: 64.5,
    actualResult: '2-0 (Home Win)',
    hasResult: true,
    isCorrect: true,
    basis: 'published',
    ...overrides,
  };
}

/** A match page as a visitor reads it (forecast locked), with a little form and one meeting. */
export function makeMatchPage(overrides: Partial<MatchPage> = {}): MatchPage {
  return {
    fixtureId: 'f1',
    leagueId: 'L1',
    league: 'League One',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    matchTime: '2026-03-06T15:00:00.000Z',
    status: 'scheduled',
    isLocked: true,
    forecast: null,
    form: { home: [{ date: '2026-03-01', opponent: 'City', venue: 'H', goalsFor: 2, goalsAgainst: 1, outcome: 'W' }], away: [] },
    meetings: [{ date: '2026-02-01', homeTeam: 'United', awayTeam: 'Rovers', homeGoals: 0, awayGoals: 0 }],
    outcome: null,
    ...overrides,
  };
}

/** What the value flags are worth: 42 published flags in 30 days at +3.0 % CLV, a season of back-tested ones beside. */
export function makeValueWorth(): ValueWorth {
  const figures = (flags: number, withClose: number, mean: number, ci95: [number, number], actual: number, days: number) => {
    const expected = (mean / 100) * withClose * 20;
    const perMonth = 30 / days;
    return {
      flags,
      clv: { bets: withClose, withoutClosing: flags - withClose, mean, ci95, beatClosePct: 64 },
      expectedUsd: Math.round(expected * 100) / 100,
      expectedUsdCi95: ci95.map((b) => Math.round((b / 100) * withClose * 20 * 100) / 100) as [number, number],
      expectedMonthlyUsd: Math.round(expected * perMonth * 100) / 100,
      expectedMonthlyUsdCi95: ci95.map((b) => Math.round((b / 100) * withClose * 20 * perMonth * 100) / 100) as [number, number],
      actualUsd: actual,
      actualMonthlyUsd: Math.round(actual * perMonth * 100) / 100,
    };
  };
  return {
    stakeUsd: 20,
    feeUsd: 29,
    last30: { from: '2026-02-04', to: '2026-03-06', days: 30, published: figures(42, 40, 3, [1, 5], -12, 30), backtest: figures(0, 0, 0, [0, 0], 0, 30) },
    season: {
      from: '2025-07-01',
      to: '2026-03-06',
      days: 248,
      published: figures(42, 40, 3, [1, 5], -12, 248),
      backtest: figures(310, 300, 2.5, [1.5, 3.5], 150, 248),
    },
    computedAt: '2026-03-06T12:00:00.000Z',
  };
}

/** A premium card's value flag: Home @ 2.10 at Northbet against a fair 1.92 (+9.4 %), quarter-Kelly 2.14 units. */
export function makeValueBet(overrides: Partial<NonNullable<Prediction['valueBets']>[number]> = {}): NonNullable<Prediction['valueBets']>[number] {
  return {
    market: 'home',
    odds: 2.1,
    priceSource: 'best',
    bookmaker: 'Northbet',
    fairOdds: 1.92,
    edge: 9.4,
    seenAt: null,
    flaggedAt: null,
    quotedAt: null,
    stake: { flat: 1, kelly: 2.14 },
    ...overrides,
  };
}
