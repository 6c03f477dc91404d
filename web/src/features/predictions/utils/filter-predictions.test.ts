// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  applyFilters,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  leagueCounts,
  maxOutcome,
  topPredictions,
  type PredictionFilters,
} from '@/features/predictions/utils/filter-predictions';
import { kickoff, locked, makePrediction } from '@/testing/data-generators';

const filters = (overrides: Partial<PredictionFilters>): PredictionFilters => ({ ...DEFAULT_FILTERS, ...overrides });
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('date and league filters', () => {
  const today = makePrediction({ id: 'today', matchTime: kickoff(0, 20), league: 'A' });
  const tomorrow = makePrediction({ id: 'tomorrow', matchTime: kickoff(1, 12), league: 'B' });
  const later = makePrediction({ id: 'later', matchTime: kickoff(4, 18), league: 'A' });
  const all = [later, tomorrow, today];

  it('keeps every upcoming match by default, earliest kickoff first', () => {
    expect(ids(applyFilters(all, DEFAULT_FILTERS))).toEqual(['today', 'tomorrow', 'later']);
  });

  it('keeps only today or only tomorrow (local calendar days)', () => {
    expect(ids(applyFilters(all, filters({ date: 'today' })))).toEqual(['today']);
    expect(ids(applyFilters(all, filters({ date: 'tomorrow' })))).toEqual(['tomorrow']);
  });

  it('keeps one league', () => {
    expect(ids(applyFilters(all, filters({ league: 'A' })))).toEqual(['today', 'later']);
    expect(ids(applyFilters(all, filters({ league: 'A', date: 'tomorrow' })))).toEqual([]);
  });
});

describe('sorts and high-probability filters (premium)', () => {
  const a = makePrediction({ id: 'a', matchTime: kickoff(1, 12), homeWinProb: 45, drawProb: 30, awayWinProb: 25, overUnder25: 72 });
  const b = makePrediction({ id: 'b', matchTime: kickoff(1, 14), homeWinProb: 20, drawProb: 15, awayWinProb: 65, overUnder25: 40 });
  const c = makePrediction({ id: 'c', matchTime: kickoff(1, 16), homeWinProb: 60, drawProb: 25, awayWinProb: 15, overUnder25: 60 });
  const all = [c, b, a];
  const premium = { isPremium: true };

  it('sorts by the highest outcome probability, highest first', () => {
    expect(ids(applyFilters(all, filters({ sort: 'win' }), premium))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by the Over/Under 2.5 probability, highest first', () => {
    expect(ids(applyFilters(all, filters({ sort: 'ou' }), premium))).toEqual(['a', 'c', 'b']);
  });

  it('keeps matches whose highest outcome is at least 60 (docs/product.md#predictions)', () => {
    expect(ids(applyFilters(all, filters({ highWin: true }), premium))).toEqual(['b', 'c']);
  });

  it('keeps matches whose Over/Under probability is at least 60', () => {
    expect(ids(applyFilters(all, filters({ highGoals: true }), premium))).toEqual(['a', 'c']);
    expect(ids(applyFilters(all, filters({ highGoals: true, highWin: true }), premium))).toEqual(['c']);
  });

  it('ignores premium sorts and filters for other viewers (locked data has no probabilities)', () => {
    const visitorView = all.map(locked);
    expect(ids(applyFilters(visitorView, filters({ sort: 'win', highWin: true, highGoals: true })))).toEqual(['a', 'b', 'c']);
  });

  it('reads the highest outcome, or null when locked', () => {
    expect(maxOutcome(b)).toBe(65);
    expect(maxOutcome(locked(b))).toBeNull();
  });
});

describe('leagues of the sidebar', () => {
  it('counts matches per league, most matches first, then by name', () => {
    const list = ['B', 'A', 'C', 'A', 'C', 'A'].map((league) => makePrediction({ league }));

    expect(leagueCounts(list)).toEqual([
      { league: 'A', count: 3 },
      { league: 'C', count: 2 },
      { league: 'B', count: 1 },
    ]);
  });
});

describe("the home page's top 3", () => {
  it("ranks today's matches by the highest outcome probability", () => {
    const list = [
      makePrediction({ id: 'low', matchTime: kickoff(0, 23), homeWinProb: 40, drawProb: 30, awayWinProb: 30 }),
      makePrediction({ id: 'top', matchTime: kickoff(0, 23), homeWinProb: 20, drawProb: 8, awayWinProb: 72 }),
      makePrediction({ id: 'mid', matchTime: kickoff(0, 23), homeWinProb: 61, drawProb: 20, awayWinProb: 19 }),
      makePrediction({ id: 'second', matchTime: kickoff(0, 23), homeWinProb: 68, drawProb: 20, awayWinProb: 12 }),
      makePrediction({ id: 'tomorrow', matchTime: kickoff(1), homeWinProb: 90, drawProb: 5, awayWinProb: 5 }),
    ];

    expect(ids(topPredictions(list))).toEqual(['top', 'second', 'mid']);
  });

  it('falls back to the next upcoming matches when none is today', () => {
    const list = [makePrediction({ id: 'x', matchTime: kickoff(2) }), makePrediction({ id: 'y', matchTime: kickoff(1) })];

    expect(ids(topPredictions(list))).toEqual(['y', 'x']);
  });

  it("uses kickoff order for locked predictions (no probabilities to rank)", () => {
    const list = [makePrediction({ id: 'late', matchTime: kickoff(0, 23, 30) }), makePrediction({ id: 'early', matchTime: kickoff(0, 23, 0) })].map(locked);

    expect(ids(topPredictions(list))).toEqual(['early', 'late']);
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter and leaves the defaults out', () => {
    const state = filters({ date: 'tomorrow', league: 'Premier League', sort: 'ou', highWin: true, highGoals: true });

    expect(filtersFromSearch(filtersToSearch(state))).toEqual(state);
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('ignores unknown values', () => {
    expect(filtersFromSearch(new URLSearchParams('date=yesterday&sort=alpha&high=x'))).toEqual(DEFAULT_FILTERS);
  });
});
