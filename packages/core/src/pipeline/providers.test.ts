import { describe, expect, it } from 'vitest';
import { modelOdds } from './providers.ts';
import type { FixtureOdds } from '../predictions/odds.ts';

const capturedAt = '2026-11-22T06:00:00.000Z';
const average = { home: 2.1, draw: 3.4, away: 3.6, over25: 1.9, under25: 1.95 };

describe('modelOdds', () => {
  it("reads the sharp bookmaker's prices when it has both markets", () => {
    const sharp = { home: 2.2, draw: 3.5, away: 3.7, over25: 1.97, under25: 1.98 };
    expect(modelOdds({ best: average, average, sharp, capturedAt })).toEqual(sharp);
  });

  it('takes each market whole: sharp 1X2 with the average O/U when the sharp totals are missing or half there', () => {
    const odds: FixtureOdds = { best: average, average, sharp: { home: 2.2, draw: 3.5, away: 3.7, over25: 1.97 }, capturedAt };
    expect(modelOdds(odds)).toEqual({ home: 2.2, draw: 3.5, away: 3.7, over25: 1.9, under25: 1.95 });
  });

  it('falls back to the average without sharp prices, and leaves out a market nobody prices in full', () => {
    expect(modelOdds({ best: average, average, capturedAt })).toEqual(average);
    expect(modelOdds({ best: {}, average: { home: 2, draw: 3, over25: 1.9, under25: 1.9 }, capturedAt })).toEqual({ over25: 1.9, under25: 1.9 });
  });
});
