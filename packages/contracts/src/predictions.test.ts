import { describe, expect, it } from 'vitest';
import { PredictionSchema } from './predictions.ts';

const locked = {
  id: 'p1', fixtureId: 'f1', homeTeam: 'Rovers', awayTeam: 'United', league: 'Demo League', leagueId: 'DL1',
  matchTime: '2026-11-22T15:00:00.000Z', isLocked: true, isPremium: false,
  homeWinProb: null, drawProb: null, awayWinProb: null, overUnder25: null, isValueBet: null, valueBets: null, picks: null, modelWeight: null, insights: null,
  modelVersion: 'm1', generatedAt: '2026-11-22T06:00:00.000Z',
};

describe('PredictionSchema', () => {
  it('accepts a locked card with every probability null', () => {
    expect(PredictionSchema.safeParse(locked).success).toBe(true);
  });

  it('rejects a probability outside 0-100', () => {
    expect(PredictionSchema.safeParse({ ...locked, isLocked: false, homeWinProb: 101 }).success).toBe(false);
  });
});
