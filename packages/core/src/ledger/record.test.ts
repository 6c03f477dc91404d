import fc from 'fast-check';
import { EMPTY_HEAD, sealCorrection } from './corrections.ts';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock.ts';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import type { RecordedEntry } from './entry.ts';
import {
  chanceLongestLosingRun,
  clvSummary,
  longestRunAtMost,
  losingRunsByBasis,
  metricsByBasis,
  profitCurve,
  recordOf,
  settledBets,
  trackRecordOf,
  trendOf,
} from './record.ts';

const NOW = new Date('2026-11-22T20:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

/** `n` settled picks of `basis`, a day apart, ending 3 hours ago; every third one lost. */
function picks(n: number, basis: 'published' | 'backtest', overrides: Partial<RecordedEntry> = {}): RecordedEntry[] {
  return Array.from({ length: n }, (_, i) =>
    ledgerEntry({ fixtureId: `${basis}-${i}`, basis, kickoff: hoursAgo(5 + i * 20), result: i % 3 === 2 ? 'lost' : 'won', ...overrides }),
  );
}

describe('the public headline as a view of the ledger (docs/decisions/0009-results-and-metrics.md)', () => {
  it('counts settled picks of the last 30 days at a $20 stake; value bets, void and open entries never count', () => {
    const entries = [
      ledgerEntry({ fixtureId: 'a', kickoff: hoursAgo(5), price: 2.5 }),
      ledgerEntry({ fixtureId: 'b', kickoff: hoursAgo(30), result: 'lost', price: 1.5 }),
      // A won pick without a price counts for the hit rate only.
      ledgerEntry({ fixtureId: 'c', kickoff: hoursAgo(40), price: null }),
      ledgerEntry({ fixtureId: 'd', kickoff: hoursAgo(50), result: 'void' }),
      ledgerEntry({ fixtureId: 'e', kickoff: hoursAgo(1), result: undefined }),
      ledgerEntry({ fixtureId: 'f', kind: 'value', kickoff: hoursAgo(6), price: 9 }),
      ledgerEntry({ fixtureId: 'g', kickoff: new Date(NOW.getTime() - 31 * DAY_MS).toISOString() }),
      // Settled after `asOf` (a trend day's end): not yet in that day's figures.
      ledgerEntry({ fixtureId: 'h', kickoff: hoursAgo(2), settledAt: new Date(NOW.getTime() + 60_000).toISOString() }),
    ];
    expect(metricsByBasis(entries, NOW).published).toEqual({
      winAccuracy: 66.7,
      totalPredictions: 3,
      totalProfit: 10,
      payoutPercentage: 25,
      bestWinningOdds: 2.5,
      date: '2026-11-22',
    });
  });

  it('rests on published picks once 30 are settled, else on back-tested ones, never on both', () => {
    // Picks a day apart: 36 of the 40 back-tested ones fall in the last 30 days.
    const backtest = picks(40, 'backtest', { price: 1.5 });
    const early = trackRecordOf([...backtest, ...picks(29, 'published')], NOW);
    expect(early).toMatchObject({ basis: 'backtest', totalPredictions: 36, publishedPredictions: 29, backfilledPredictions: 36 });
    const later = trackRecordOf([...backtest, ...picks(30, 'published')], NOW);
    expect(later).toMatchObject({ basis: 'published', totalPredictions: 30, publishedPredictions: 30 });
  });

  it('never lets a correction change a figure: every one is at the price taken', () => {
    const entry = ledgerEntry({ price: 1.8 });
    const corrected = {
      ...entry,
      corrections: [
        sealCorrection(EMPTY_HEAD, { entryId: entry.id, fixtureId: 'f1', kickoff: entry.kickoff, oldPrice: 1.8, newPrice: 1000, by: 'u1', at: hoursAgo(1) }),
      ],
    };
    const asOf = new Date('2026-11-23T00:00:00Z');
    expect(metricsByBasis([entry], asOf).published).toMatchObject({ totalProfit: 16, bestWinningOdds: 1.8 });
    expect(metricsByBasis([corrected], asOf).published).toEqual(metricsByBasis([entry], asOf).published);
    expect(recordOf(settledBets([corrected]))).toEqual(recordOf(settledBets([entry])));
  });

  it('plots the trend on each day\u2019s own basis: back-tested points until published picks settle', () => {
    const trend = trendOf(picks(30, 'backtest'), NOW);
    expect(trend.length).toBeGreaterThan(20);
    expect(new Set(trend.map((p) => p.basis))).toEqual(new Set(['backtest']));
    expect(trend.at(-1)).toMatchObject({ date: '2026-11-22', totalPredictions: 30 });
    const switched = trendOf(
      [...picks(30, 'backtest'), ...picks(30, 'published').map((e) => ({ ...e, kickoff: hoursAgo(5 + Number(e.fixtureId.split('-')[1]) * 2) }))],
      NOW,
    );
    expect(switched.at(-1)?.basis).toBe('published');
    expect(switched.at(-3)?.basis).toBe('backtest');
  });
});

describe('records of bets', () => {
  it('never puts an ROI bound below -100 %, whatever the bets', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ won: fc.boolean(), price: fc.double({ min: 1.01, max: 30, noNaN: true }), day: fc.integer({ min: 0, max: 20 }) }), {
          minLength: 2,
          maxLength: 60,
        }),
        (bets) => {
          const entries = bets.map((b, i) =>
            ledgerEntry({
              fixtureId: `x${i}`,
              result: b.won ? 'won' : 'lost',
              price: b.price,
              kickoff: new Date(Date.UTC(2026, 10, 1 + b.day, 15)).toISOString(),
            }),
          );
          const r = recordOf(settledBets(entries));
          expect(r.roiLow!).toBeGreaterThanOrEqual(-100);
          expect(r.roiHigh!).toBeGreaterThanOrEqual(r.roiLow!);
        },
      ),
      { numRuns: 40 },
    );
    const allLost = recordOf(settledBets(picks(8, 'published', { result: 'lost' })));
    expect([allLost.roi, allLost.roiLow, allLost.roiHigh]).toEqual([-100, -100, -100]);
  });

  it('summarises CLV over the bets with a closing price, and says how many had none', () => {
    const entries = [
      ledgerEntry({ fixtureId: 'a', price: 2.1, closing: { price: 1.95, fairProbability: 0.5, source: 'pinnacle', capturedAt: hoursAgo(9) } }),
      ledgerEntry({ fixtureId: 'b', price: 1.9, result: 'lost', closing: { price: 1.95, fairProbability: 0.5, source: 'average', capturedAt: hoursAgo(9) } }),
      ledgerEntry({ fixtureId: 'c', closing: undefined }),
    ];
    expect(clvSummary(settledBets(entries))).toMatchObject({ bets: 2, withoutClosing: 1, mean: 0, beatClosePct: 50 });
  });

  it('draws the cumulative profit per match day with its largest fall, flat and quarter-Kelly', () => {
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 10, d, h)).toISOString();
    const bets = settledBets([
      ledgerEntry({ fixtureId: 'a', kickoff: day(1, 15), price: 3, stakeKelly: 1 }),
      ledgerEntry({ fixtureId: 'b', kickoff: day(2, 15), result: 'lost', stakeKelly: 1 }),
      ledgerEntry({ fixtureId: 'c', kickoff: day(2, 18), result: 'lost', stakeKelly: 1 }),
      ledgerEntry({ fixtureId: 'd', kickoff: day(3, 15), price: 2, stakeKelly: 2 }),
    ]);
    expect(profitCurve(bets)).toEqual({
      points: [
        { kickoff: day(1, 15), flat: 2, kelly: 2 },
        { kickoff: day(2, 18), flat: 0, kelly: 0 },
        { kickoff: day(3, 15), flat: 1, kelly: 2 },
      ],
      maxDrawdown: { flat: 2, kelly: 2 },
    });
  });
});

describe('losing runs (docs/responsible-gambling.md)', () => {
  /** Picks a day apart, oldest first, lost where `pattern` has an L. */
  const sequence = (pattern: string, basis: 'published' | 'backtest' = 'published') =>
    [...pattern].map((c, i) =>
      ledgerEntry({ fixtureId: `${basis}-${i}`, basis, kickoff: hoursAgo(5 + (pattern.length - 1 - i) * 24), result: c === 'L' ? 'lost' : 'won' }),
    );

  it('finds the longest run of lost picks in kickoff order, its dates and its cost at the flat stake, and counts runs of 5 or more', () => {
    const entries = [...sequence('WLLWLLLLLWLLLLLLW'), ...sequence('LLW', 'backtest')];
    const runs = losingRunsByBasis(entries, NOW, 365);
    expect(runs.published).toMatchObject({ picks: 17, hits: 4, hitRate: 23.5, runsOfFiveOrMore: 2 });
    expect(runs.published.longest).toEqual({ length: 6, from: entries[10]!.kickoff, to: entries[15]!.kickoff, lossUsd: 120 });
    expect(runs.backtest).toMatchObject({ picks: 3, hits: 1, longest: { length: 2, lossUsd: 40 }, runsOfFiveOrMore: 0 });
    // A run that reaches the last pick counts too; no pick at all has no run and no interval.
    expect(losingRunsByBasis(sequence('WLLLLL'), NOW, 365).published).toMatchObject({ longest: { length: 5 }, runsOfFiveOrMore: 1 });
    expect(losingRunsByBasis([], NOW, 365).published).toEqual({
      picks: 0,
      hits: 0,
      hitRate: null,
      hitRateCi95: null,
      longest: null,
      runsOfFiveOrMore: 0,
      expectedLongestCi95: null,
    });
  });

  it('the chance of a longest losing run: exact for small cases, and the 95 % range the page prints', () => {
    // Three fair coin flips: the longest run of tails is 0 in 1 of 8 sequences, at most 1 in 5, at most 2 in 7.
    expect(longestRunAtMost(3, 0.5, 0)).toBeCloseTo(1 / 8, 12);
    expect(longestRunAtMost(3, 0.5, 1)).toBeCloseTo(5 / 8, 12);
    expect(longestRunAtMost(3, 0.5, 2)).toBeCloseTo(7 / 8, 12);
    expect(longestRunAtMost(3, 0.5, 3)).toBeCloseTo(1, 12);
    // 300 picks that each win 70 % of the time: losing runs of 3 to 7 are what chance alone gives.
    expect(chanceLongestLosingRun(300, 0.3)).toEqual([3, 7]);
    expect(chanceLongestLosingRun(50, 0)).toEqual([0, 0]);
    expect(chanceLongestLosingRun(50, 1)).toEqual([50, 50]);
  });
});
