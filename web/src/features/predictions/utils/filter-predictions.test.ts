// @vitest-environment node
import { describe, expect, it } from 'vitest';

import {
  applyFilters,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  groupByDayAndLeague,
  leaguesByCountry,
  maxEdge,
  maxOutcome,
  strongerOverUnder,
  topPredictions,
  topPredictionsDay,
  type PredictionFilters,
} from '@/features/predictions/utils/filter-predictions';
import { kickoff, locked, makeListedPrediction } from '@/testing/data-generators';
import { localDay } from '@/utils/format';

const filters = (overrides: Partial<PredictionFilters>): PredictionFilters => ({ ...DEFAULT_FILTERS, ...overrides });
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('date and league filters', () => {
  const today = makeListedPrediction({ id: 'today', matchTime: kickoff(0, 20), league: 'A' });
  const tomorrow = makeListedPrediction({ id: 'tomorrow', matchTime: kickoff(1, 12), league: 'B' });
  const later = makeListedPrediction({ id: 'later', matchTime: kickoff(4, 18), league: 'A' });
  const all = [later, tomorrow, today];

  it('keeps every upcoming match by default, earliest kickoff first', () => {
    expect(ids(applyFilters(all, DEFAULT_FILTERS))).toEqual(['today', 'tomorrow', 'later']);
  });

  it('keeps only today or only tomorrow (local calendar days)', () => {
    expect(ids(applyFilters(all, filters({ date: 'today' })))).toEqual(['today']);
    expect(ids(applyFilters(all, filters({ date: 'tomorrow' })))).toEqual(['tomorrow']);
  });

  it('keeps this weekend: the coming Saturday and Sunday, or only today on a Sunday', () => {
    const wednesday = new Date(2026, 10, 18, 9, 0); // Wed 18 Nov 2026
    const at = (day: number, id: string) => makeListedPrediction({ id, matchTime: new Date(2026, 10, day, 15, 0).toISOString() });
    const week = [at(18, 'wed'), at(20, 'fri'), at(21, 'sat'), at(22, 'sun'), at(23, 'mon')];

    expect(ids(applyFilters(week, filters({ date: 'weekend' }), { now: wednesday }))).toEqual(['sat', 'sun']);
    expect(ids(applyFilters(week, filters({ date: 'weekend' }), { now: new Date(2026, 10, 21, 9, 0) }))).toEqual(['sat', 'sun']);
    expect(ids(applyFilters(week, filters({ date: 'weekend' }), { now: new Date(2026, 10, 22, 9, 0) }))).toEqual(['sun']);
  });

  it('finds a team by part of its name, home or away, in any case', () => {
    const list = [
      makeListedPrediction({ id: 'a', homeTeam: 'Atletico Madrid', awayTeam: 'Sevilla' }),
      makeListedPrediction({ id: 'b', homeTeam: 'Getafe', awayTeam: 'Real Madrid' }),
      makeListedPrediction({ id: 'c', homeTeam: 'Arsenal', awayTeam: 'Chelsea' }),
    ];
    expect(ids(applyFilters(list, filters({ team: '  madrid ' })))).toEqual(['a', 'b']);
    expect(ids(applyFilters(list, filters({ team: 'CHEL' })))).toEqual(['c']);
    expect(ids(applyFilters(list, filters({ team: 'nobody' })))).toEqual([]);
    // The shown name, without accents, and the data's own spelling both find a renamed club.
    const replay = [makeListedPrediction({ id: 'atm', homeTeam: 'Ath Madrid', awayTeam: "M'gladbach" })];
    expect(ids(applyFilters(replay, filters({ team: 'atletico' })))).toEqual(['atm']);
    expect(ids(applyFilters(replay, filters({ team: 'ath mad' })))).toEqual(['atm']);
    expect(ids(applyFilters(replay, filters({ team: 'monchengladbach' })))).toEqual(['atm']);
  });

  it('keeps one league', () => {
    expect(ids(applyFilters(all, filters({ league: 'A' })))).toEqual(['today', 'later']);
    expect(ids(applyFilters(all, filters({ league: 'A', date: 'tomorrow' })))).toEqual([]);
  });
});

describe('sorts and high-probability filters (premium)', () => {
  const a = makeListedPrediction({ id: 'a', matchTime: kickoff(1, 12), homeWinProb: 45, drawProb: 30, awayWinProb: 25, overUnder25: 72 });
  const b = makeListedPrediction({ id: 'b', matchTime: kickoff(1, 14), homeWinProb: 20, drawProb: 15, awayWinProb: 65, overUnder25: 40 });
  const c = makeListedPrediction({ id: 'c', matchTime: kickoff(1, 16), homeWinProb: 60, drawProb: 25, awayWinProb: 15, overUnder25: 60 });
  const all = [c, b, a];
  const premium = { isPremium: true };

  it('sorts by the highest outcome probability, highest first', () => {
    expect(ids(applyFilters(all, filters({ sort: 'win' }), premium))).toEqual(['b', 'c', 'a']);
  });

  it('sorts by the stronger Over/Under 2.5 side, highest first', () => {
    // a: Over 72; b: Under 60; c: Over 60 (ties by kickoff).
    expect(ids(applyFilters(all, filters({ sort: 'ou' }), premium))).toEqual(['a', 'b', 'c']);
    const strongUnder = makeListedPrediction({ id: 'under', matchTime: kickoff(1, 18), overUnder25: 30.3 });
    expect(ids(applyFilters([...all, strongUnder], filters({ sort: 'ou' }), premium))[0]).toBe('a');
    const strongest = makeListedPrediction({ id: 'under', matchTime: kickoff(1, 18), overUnder25: 20 });
    expect(ids(applyFilters([...all, strongest], filters({ sort: 'ou' }), premium))[0]).toBe('under');
  });

  it('ranks by the probabilities the cards show, which are rounded together to add up to 100.0', () => {
    // Shown as 55.0 / 25.5 / 19.5 and 55.1 / 24.9 / 20.0: the raw order of the two is the other way round.
    const shownLower = makeListedPrediction({ id: 'lower', matchTime: kickoff(1, 12), homeWinProb: 55.06, drawProb: 25.47, awayWinProb: 19.47 });
    const shownHigher = makeListedPrediction({ id: 'higher', matchTime: kickoff(1, 14), homeWinProb: 55.04, drawProb: 24.93, awayWinProb: 20.03 });
    expect([maxOutcome(shownLower), maxOutcome(shownHigher)]).toEqual([55, 55.1]);
    expect(ids(applyFilters([shownLower, shownHigher], filters({ sort: 'win' }), premium))).toEqual(['higher', 'lower']);
    // A card that shows 60.0 % passes the 60 % filter.
    const sixty = makeListedPrediction({ id: 'sixty', homeWinProb: 59.96, drawProb: 25.02, awayWinProb: 15.02 });
    expect(ids(applyFilters([sixty], filters({ highWin: true }), premium))).toEqual(['sixty']);
  });

  it('names the stronger side with its probability', () => {
    expect(strongerOverUnder(makeListedPrediction({ overUnder25: 30.3 }))).toEqual({ side: 'under', percent: 69.7 });
    expect(strongerOverUnder(makeListedPrediction({ overUnder25: 72 }))).toEqual({ side: 'over', percent: 72 });
    expect(strongerOverUnder(locked(makeListedPrediction({ overUnder25: 72 })))).toBeNull();
  });

  it('keeps matches whose highest outcome is at least 60 (docs/product.md#predictions)', () => {
    expect(ids(applyFilters(all, filters({ highWin: true }), premium))).toEqual(['b', 'c']);
  });

  it('keeps matches whose stronger Over/Under side is at least 60 (an Under 2.5 at 60 counts)', () => {
    expect(ids(applyFilters(all, filters({ highGoals: true }), premium))).toEqual(['a', 'b', 'c']);
    const even = makeListedPrediction({ id: 'even', matchTime: kickoff(1, 18), overUnder25: 45 });
    expect(ids(applyFilters([...all, even], filters({ highGoals: true }), premium))).not.toContain('even');
    expect(ids(applyFilters(all, filters({ highGoals: true, highWin: true }), premium))).toEqual(['b', 'c']);
  });

  it('keeps only the matches with a value flag, and sorts by their largest edge, locked or unflagged last', () => {
    const flag = (edge: number) => ({
      market: 'home' as const,
      odds: 2.2,
      priceSource: 'best' as const,
      bookmaker: null,
      fairOdds: 2.1,
      edge,
      seenAt: null,
      flaggedAt: null,
      quotedAt: null,
      stake: null,
    });
    const flagged = [{ ...a, valueBets: [flag(3.2)] }, b, { ...c, valueBets: [flag(2.5), flag(8.1)] }];
    expect(ids(applyFilters(flagged, filters({ valueOnly: true }), premium))).toEqual(['a', 'c']);
    expect(ids(applyFilters(flagged, filters({ sort: 'edge' }), premium))).toEqual(['c', 'a', 'b']);
    expect(maxEdge(flagged[2]!)).toBe(8.1);
    expect(maxEdge(locked(flagged[2]!))).toBeNull();
    // for a visitor neither applies: the list is every match by kickoff
    expect(ids(applyFilters(flagged.map(locked), filters({ sort: 'edge', valueOnly: true })))).toEqual(['a', 'b', 'c']);
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
  it('groups the leagues by country, most matches first, then by name', () => {
    const at = (league: string, leagueId: string) => makeListedPrediction({ league, leagueId });
    const list = [
      at('Premiership', 'SC0'),
      at('Premier League', 'E0'),
      at('Championship', 'E1'),
      at('Premier League', 'E0'),
      at('Premiership', 'SC0'),
      at('Championship', 'E1'),
      at('Premier League', 'E0'),
      at('Somewhere Cup', 'XYZ'),
    ];

    expect(leaguesByCountry(list)).toEqual([
      {
        country: 'England',
        count: 5,
        leagues: [
          { league: 'Premier League', count: 3 },
          { league: 'Championship', count: 2 },
        ],
      },
      { country: 'Scotland', count: 2, leagues: [{ league: 'Premiership', count: 2 }] },
      { country: 'Other', count: 1, leagues: [{ league: 'Somewhere Cup', count: 1 }] },
    ]);
  });
});

describe("the home page's top 3", () => {
  it("ranks today's matches by the highest outcome probability", () => {
    const list = [
      makeListedPrediction({ id: 'low', matchTime: kickoff(0, 23), homeWinProb: 40, drawProb: 30, awayWinProb: 30 }),
      makeListedPrediction({ id: 'top', matchTime: kickoff(0, 23), homeWinProb: 20, drawProb: 8, awayWinProb: 72 }),
      makeListedPrediction({ id: 'mid', matchTime: kickoff(0, 23), homeWinProb: 61, drawProb: 20, awayWinProb: 19 }),
      makeListedPrediction({ id: 'second', matchTime: kickoff(0, 23), homeWinProb: 68, drawProb: 20, awayWinProb: 12 }),
      makeListedPrediction({ id: 'tomorrow', matchTime: kickoff(1), homeWinProb: 90, drawProb: 5, awayWinProb: 5 }),
    ];

    expect(ids(topPredictions(list))).toEqual(['top', 'second', 'mid']);
  });

  it("falls back to the next match day's matches when none is today, and says which day", () => {
    const list = [
      makeListedPrediction({ id: 'x', matchTime: kickoff(2) }),
      makeListedPrediction({ id: 'y', matchTime: kickoff(1) }),
      makeListedPrediction({ id: 'z', matchTime: kickoff(1, 20) }),
    ];

    expect(ids(topPredictions(list))).toEqual(['y', 'z']);
    expect(topPredictionsDay(list)).toBe(localDay(new Date(kickoff(1))));
    expect(topPredictionsDay([...list, makeListedPrediction({ id: 'now', matchTime: kickoff(0, 23) })])).toBeNull();
  });

  it('uses kickoff order for locked predictions (no probabilities to rank)', () => {
    const list = [makeListedPrediction({ id: 'late', matchTime: kickoff(0, 23, 30) }), makeListedPrediction({ id: 'early', matchTime: kickoff(0, 23, 0) })].map(
      locked,
    );

    expect(ids(topPredictions(list))).toEqual(['early', 'late']);
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter and leaves the defaults out', () => {
    const state = filters({ date: 'weekend', league: 'Premier League', team: 'Madrid', sort: 'ou', highWin: true, highGoals: true, valueOnly: true });

    expect(filtersFromSearch(filtersToSearch(state))).toEqual(state);
    expect(filtersFromSearch(filtersToSearch(filters({ sort: 'edge' }))).sort).toBe('edge');
    expect(filtersToSearch(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('ignores unknown values', () => {
    expect(filtersFromSearch(new URLSearchParams('date=yesterday&sort=alpha&high=x'))).toEqual(DEFAULT_FILTERS);
  });
});

describe("the compact list's groups", () => {
  it('groups by local day in date order, then by league in the order of their first listed match, keeping the list order inside', () => {
    const at = (id: string, day: number, hour: number, league: string) =>
      makeListedPrediction({ id, league, matchTime: new Date(2026, 2, day, hour).toISOString() });
    // Sorted by probability, not by kickoff: the groups keep that order inside.
    const list = [at('b2', 15, 20, 'B'), at('a1', 14, 12, 'A'), at('b1', 14, 15, 'B'), at('a2', 14, 18, 'A'), at('a3', 15, 13, 'A')];
    expect(groupByDayAndLeague(list).map(({ day, leagues }) => [day, leagues.map(({ league, predictions }) => [league, ids(predictions)])])).toEqual([
      [
        '2026-03-14',
        [
          ['A', ['a1', 'a2']],
          ['B', ['b1']],
        ],
      ],
      [
        '2026-03-15',
        [
          ['B', ['b2']],
          ['A', ['a3']],
        ],
      ],
    ]);
    expect(groupByDayAndLeague([])).toEqual([]);
  });
});
