import { describe, expect, it } from 'vitest';
import type { StoredPrediction } from './prediction.ts';
import { actualResultText, isCorrect, picksOf } from './picks.ts';

const base: Pick<StoredPrediction, 'probabilities' | 'overUnder25'> = {
  probabilities: { home: 0.62, draw: 0.22, away: 0.16 },
  overUnder25: { over: 0.35, under: 0.65 },
};

describe('picks (docs/decisions/0008-picks-and-the-high-confidence-threshold.md)', () => {
  it('takes the top 1X2 outcome and the goals side, keeping only those at 60 % or more', () => {
    expect(picksOf(base)).toEqual([
      { market: '1x2', selection: 'home', confidence: 0.62 },
      { market: 'ou25', selection: 'under25', confidence: 0.65 },
    ]);
    expect(picksOf({ probabilities: { home: 0.45, draw: 0.3, away: 0.25 }, overUnder25: { over: 0.55, under: 0.45 } })).toEqual([]);
  });

  it('picks Over 2.5 at exactly 50 % and keeps a 60 % pick', () => {
    const [goals] = picksOf({ probabilities: { home: 0.4, draw: 0.3, away: 0.3 }, overUnder25: { over: 0.6, under: 0.4 } });
    expect(goals).toEqual({ market: 'ou25', selection: 'over25', confidence: 0.6 });
  });

  it('settles against the 90-minute score with a readable result', () => {
    expect(isCorrect('home', { home: 2, away: 1 })).toBe(true);
    expect(isCorrect('under25', { home: 2, away: 1 })).toBe(false);
    expect(isCorrect('draw', { home: 0, away: 0 })).toBe(true);
    expect(isCorrect('over25', { home: 3, away: 0 })).toBe(true);
    expect(actualResultText({ home: 1, away: 3 })).toBe('1-3 (Away Win)');
  });
});
