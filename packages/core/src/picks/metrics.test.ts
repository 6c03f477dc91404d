import { describe, expect, it } from 'vitest';
import { computeMetrics, computeTrackRecord } from './metrics.ts';
import type { Pick } from './pick.ts';

const asOf = new Date('2026-11-22T12:00:00Z');
let n = 0;
function pick(status: Pick['status'], overrides: Partial<Pick> = {}): Pick {
  n += 1;
  return {
    id: `f${n}~1x2`, fixtureId: `f${n}`, leagueId: 'L', leagueName: 'League', homeTeam: 'A', awayTeam: 'B',
    kickoff: '2026-11-20T15:00:00.000Z', market: '1x2', predictionType: 'home_win', confidence: 0.65, status,
    modelVersion: 'm', generatedAt: '2026-11-20T06:00:00.000Z', ...overrides,
  };
}

describe('computeMetrics (docs/decisions/0009-results-and-metrics.md)', () => {
  it('computes accuracy, $20-stake profit, payout % and best winning odds', () => {
    const m = computeMetrics(
      [pick('won', { capturedOdds: 1.8 }), pick('won', { capturedOdds: 2.1, winningOdds: 2.5 }), pick('lost', { capturedOdds: 1.6 }), pick('lost')],
      asOf,
    );
    // Profit: 20 x 0.8 + 20 x 1.5 - 20 - 20 = 6; staked 80.
    expect(m).toEqual({ winAccuracy: 50, totalPredictions: 4, totalProfit: 6, payoutPercentage: 7.5, bestWinningOdds: 2.5, date: '2026-11-22' });
  });

  it('leaves a won pick without odds out of profit and staking, but counts it for accuracy', () => {
    const m = computeMetrics([pick('won'), pick('lost', { capturedOdds: 2 })], asOf);
    expect(m).toMatchObject({ winAccuracy: 50, totalPredictions: 2, totalProfit: -20, payoutPercentage: -100, bestWinningOdds: null });
  });

  it('never counts void or pending picks, nor picks outside the last 30 days', () => {
    const m = computeMetrics(
      [
        pick('void', { capturedOdds: 2 }),
        pick('pending', { capturedOdds: 2 }),
        pick('won', { capturedOdds: 3, kickoff: '2026-10-20T15:00:00.000Z' }),
        pick('won', { capturedOdds: 1.5, kickoff: '2026-11-22T15:00:00.000Z' }),
        pick('lost', { kickoff: '2026-10-24T15:00:00.000Z' }),
      ],
      asOf,
    );
    expect(m).toMatchObject({ winAccuracy: 0, totalPredictions: 1, totalProfit: -20 });
  });

  it('is empty but well-formed when nothing is settled: payout null', () => {
    expect(computeMetrics([], asOf)).toEqual({ winAccuracy: 0, totalPredictions: 0, totalProfit: 0, payoutPercentage: null, bestWinningOdds: null, date: '2026-11-22' });
  });

  it('as of a past day only counts what was settled by then', () => {
    const m = computeMetrics([pick('won', { capturedOdds: 2, settledAt: '2026-11-23T00:00:00.000Z' }), pick('lost', { settledAt: '2026-11-20T18:00:00.000Z' })], asOf);
    expect(m).toMatchObject({ totalPredictions: 1, winAccuracy: 0 });
  });
});

describe('computeTrackRecord (docs/decisions/0090-published-and-backfilled-predictions.md)', () => {
  it('headlines the backfilled picks as a backtest while fewer than 30 published picks are settled, never mixing them', () => {
    const picks = [...Array.from({ length: 29 }, () => pick('won', { origin: 'published' })), pick('lost', { origin: 'backfilled' }), pick('lost')];
    expect(computeTrackRecord(picks, asOf)).toMatchObject({ basis: 'backtest', winAccuracy: 0, totalPredictions: 2, publishedPredictions: 29, backfilledPredictions: 2 });
  });

  it('headlines the published picks alone from the 30th settled one', () => {
    const picks = [...Array.from({ length: 30 }, () => pick('won', { origin: 'published' })), pick('lost', { origin: 'backfilled' })];
    expect(computeTrackRecord(picks, asOf)).toMatchObject({ basis: 'published', winAccuracy: 100, totalPredictions: 30, publishedPredictions: 30, backfilledPredictions: 1 });
  });
});
