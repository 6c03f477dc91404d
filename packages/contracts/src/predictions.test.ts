import { describe, expect, it } from 'vitest';
import { PredictionSchema } from './predictions.ts';

const locked = {
  id: 'p1',
  fixtureId: 'f1',
  homeTeam: 'Rovers',
  awayTeam: 'United',
  homeTeamSlug: 'rovers',
  awayTeamSlug: 'united',
  league: 'Demo League',
  leagueId: 'DL1',
  matchTime: '2026-11-22T15:00:00.000Z',
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
  forecastSource: 'memory',
  insights: null,
  markets: null,
  modelVersion: 'm1',
  generatedAt: '2026-11-22T06:00:00.000Z',
};

describe('PredictionSchema', () => {
  it('accepts a locked card with every probability null', () => {
    expect(PredictionSchema.safeParse(locked).success).toBe(true);
  });

  it('says where the forecast comes from, from a closed list, or null on a prediction stored before', () => {
    for (const source of ['market', 'memory', 'models', null]) expect(PredictionSchema.safeParse({ ...locked, forecastSource: source }).success).toBe(true);
    expect(PredictionSchema.safeParse({ ...locked, forecastSource: 'rumour' }).success).toBe(false);
    const { forecastSource: _, ...without } = locked;
    expect(PredictionSchema.safeParse(without).success).toBe(false);
  });

  it('rejects a probability outside 0-100', () => {
    expect(PredictionSchema.safeParse({ ...locked, isLocked: false, homeWinProb: 101 }).success).toBe(false);
  });

  it('takes every market from the grid, and refuses fair odds of 1 or less', () => {
    const markets = {
      doubleChance: { homeOrDraw: 75, homeOrAway: 70, drawOrAway: 55 },
      drawNoBet: { home: 64.3, away: 35.7 },
      overUnder: { '1.5': 74, '2.5': 50, '3.5': 28 },
      btts: 51,
      asianHandicap: [{ line: -0.25, homeFairOdds: 1.95, awayFairOdds: 2.05 }],
    };
    expect(PredictionSchema.safeParse({ ...locked, markets }).success).toBe(true);
    expect(PredictionSchema.safeParse({ ...locked, markets: { ...markets, asianHandicap: [{ line: 0, homeFairOdds: 1, awayFairOdds: 9 }] } }).success).toBe(
      false,
    );
  });
});
