import { describe, expect, it } from 'vitest';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { actualResultText, picksOf, settle, voidPick } from './pick.ts';

const base: StoredPrediction = {
  id: 'f1', fixtureId: 'f1', leagueId: 'L', leagueName: 'League', homeTeam: 'A', awayTeam: 'B', kickoff: '2026-11-22T15:00:00.000Z',
  probabilities: { home: 0.62, draw: 0.22, away: 0.16 }, overUnder25: { over: 0.35, under: 0.65 },
  valueBets: [], bestOdds: { home: 1.7, under25: 1.6 }, modelVersion: 'm', generatedAt: '2026-11-22T06:00:00.000Z',
};

describe('picks (docs/decisions/0008-picks-and-the-high-confidence-threshold.md)', () => {
  it('takes the top 1X2 outcome and the goals side, keeping only those at 60 % or more', () => {
    const picks = picksOf(base);
    expect(picks.map((p) => [p.id, p.predictionType, p.confidence, p.capturedOdds])).toEqual([
      ['f1~1x2', 'home_win', 0.62, 1.7],
      ['f1~ou25', 'under_25', 0.65, 1.6],
    ]);
    expect(picksOf({ ...base, probabilities: { home: 0.45, draw: 0.3, away: 0.25 }, overUnder25: { over: 0.55, under: 0.45 } })).toEqual([]);
  });

  it('picks Over 2.5 at exactly 50 % and keeps a 60 % pick', () => {
    const [goals] = picksOf({ ...base, probabilities: { home: 0.4, draw: 0.3, away: 0.3 }, overUnder25: { over: 0.6, under: 0.4 } });
    expect(goals).toMatchObject({ predictionType: 'over_25', confidence: 0.6 });
  });

  it('settles against the 90-minute score with a readable result', () => {
    const [win, under] = picksOf(base);
    const at = new Date('2026-11-22T17:00:00Z');
    expect(settle(win!, { home: 2, away: 1 }, at)).toMatchObject({ status: 'won', actualResult: '2-1 (Home Win)' });
    expect(settle(under!, { home: 2, away: 1 }, at)).toMatchObject({ status: 'lost' });
    expect(settle(win!, { home: 0, away: 0 }, at)).toMatchObject({ status: 'lost', actualResult: '0-0 (Draw)' });
    expect(voidPick(win!, at)).toMatchObject({ status: 'void', actualResult: 'Cancelled' });
    expect(actualResultText({ home: 1, away: 3 })).toBe('1-3 (Away Win)');
  });
});
