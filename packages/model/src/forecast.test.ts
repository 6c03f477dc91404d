import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitLeagueModel, LeagueFitter, predictFixture, type LeagueModelState } from './forecast.ts';
import { DEFAULT_STACK, poolMemory } from './market-memory.ts';
import { simulateLeague } from './testing/simulate.ts';
import type { Forecast, MatchRecord } from './types.ts';

const sim = simulateLeague({ seasons: 3, seed: 21, odds: true, shots: true, promoted: 3 });
const history = sim.matches;
const lastSeason = history.filter((m) => m.season === '2017-18');
const asOf = lastSeason[200]!.date; // mid-season
let state: LeagueModelState;

function checkForecast(f: Forecast) {
  const p = f.probabilities;
  for (const v of [p.home, p.draw, p.away, f.overUnder25.over, f.overUnder25.under]) {
    expect(v).toBeGreaterThan(0);
    expect(v).toBeLessThan(1);
  }
  expect(p.home + p.draw + p.away).toBeCloseTo(1, 12);
  expect(f.overUnder25.over + f.overUnder25.under).toBeCloseTo(1, 12);
  for (const c of [f.components.statistical, f.components.ai, f.components.rating]) {
    for (const v of [c.home, c.draw, c.away, c.over25]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(1);
    }
    expect(c.home + c.draw + c.away).toBeCloseTo(1, 10);
  }
  const dc = f.markets.doubleChance;
  expect(dc.homeOrDraw).toBeCloseTo(p.home + p.draw, 12);
  expect(dc.homeOrAway + dc.awayOrDraw + dc.homeOrDraw).toBeCloseTo(2, 12);
  expect(f.markets.btts.yes + f.markets.btts.no).toBeCloseTo(1, 12);
  expect(f.markets.topScores).toHaveLength(5);
  expect(f.markets.expectedGoals.home).toBeGreaterThan(0);
}

describe('fitLeagueModel / predictFixture', () => {
  it('fits from history before asOf into a compact JSON state', () => {
    state = fitLeagueModel({ league: 'SIM', history, asOf });
    expect(state.league).toBe('SIM');
    expect(state.fittedAt).toBe(asOf);
    expect(state.stats.matches).toBe(history.filter((m) => m.date < asOf).length);
    expect(state.stats.lastDate! < asOf).toBe(true);
    const json = JSON.stringify(state);
    expect(json.length).toBeLessThan(350_000);
  });

  it('predicts a fixture with odds: valid probabilities, every market from one grid', () => {
    const fx = lastSeason.find((m) => m.date >= asOf)!;
    const f = predictFixture(state, { kickoff: `${fx.date}T15:00:00Z`, league: 'SIM', home: fx.home, away: fx.away, odds: fx.odds! });
    checkForecast(f);
    expect(f.usedOdds).toBe(true);
    // with w = 0 the published forecast is the market's fair price
    if (f.modelWeight.x1 === 0) for (const k of ['home', 'draw', 'away'] as const) expect(f.probabilities[k]).toBeCloseTo(f.market![k], 12);
    else expect(f.modelWeight.x1).toBeGreaterThan(0);
    // the published grid reproduces the published 1X2 via its top-level markets
    expect(f.modelVersion).toMatch(/^fp-/);
  });

  it('degrades gracefully without odds and for a team never seen', () => {
    const fx = lastSeason.find((m) => m.date >= asOf)!;
    const noOdds = predictFixture(state, { kickoff: fx.date, league: 'SIM', home: fx.home, away: fx.away });
    checkForecast(noOdds);
    expect(noOdds.usedOdds).toBe(false);
    expect(noOdds.modelWeight).toEqual({ x1: 1, ou: 1 });
    const newcomer = predictFixture(state, { kickoff: fx.date, league: 'SIM', home: 'Brand New FC', away: fx.away });
    checkForecast(newcomer);
    const both = predictFixture(state, {
      kickoff: fx.date,
      league: 'SIM',
      home: 'Brand New FC',
      away: 'Another New FC',
      odds: { home: 2.1, draw: 3.4, away: 3.6 },
    });
    checkForecast(both);
    expect(both.probabilities.home).toBeGreaterThan(both.probabilities.away);
    // partial odds (only O/U) are tolerated
    checkForecast(predictFixture(state, { kickoff: fx.date, league: 'SIM', home: fx.home, away: fx.away, odds: { over25: 1.9, under25: 1.95 } }));
  });

  it('publishes the market memory pooled with our models when the fixture has no odds, the fair price when it has', () => {
    const fx = lastSeason.find((m) => m.date >= asOf)!;
    const memory = { home: 0.62, draw: 0.22, away: 0.16, over25: 0.58 };
    const input = { kickoff: fx.date, league: 'SIM', home: fx.home, away: fx.away };
    const fromMemory = predictFixture(state, { ...input, memory });
    checkForecast(fromMemory);
    expect(fromMemory.source).toBe('memory');
    expect(fromMemory.memory).toEqual(memory);
    expect(fromMemory.market).toBeUndefined();
    expect(fromMemory.modelWeight).toEqual({ x1: DEFAULT_STACK.w1x2, ou: DEFAULT_STACK.wOver });
    const m = fromMemory.models;
    const pooled = poolMemory([0.62, 0.22, 0.16, 0.58], [m.home, m.draw, m.away, m.over25], DEFAULT_STACK.w1x2, DEFAULT_STACK.wOver);
    expect([fromMemory.probabilities.home, fromMemory.probabilities.draw, fromMemory.probabilities.away, fromMemory.overUnder25.over]).toEqual(
      pooled.map((v) => expect.closeTo(v, 12)),
    );
    // the memory leads: the pool sits nearer it than our models
    expect(Math.abs(fromMemory.probabilities.home - 0.62)).toBeLessThan(Math.abs(m.home - 0.62));
    expect(predictFixture(state, input).source).toBe('models');
    // with odds of its own, the memory is not read: the market's stack as before
    const withOdds = predictFixture(state, { ...input, odds: fx.odds!, memory });
    expect(withOdds.source).toBe('market');
    expect(withOdds.memory).toBeUndefined();
    expect(withOdds.probabilities).toEqual(predictFixture(state, { ...input, odds: fx.odds! }).probabilities);
  });

  it('any odds (extreme, arbitrage, partial, garbage) still give valid probabilities', () => {
    const price = fc.oneof(fc.double({ min: 1.01, max: 60, noNaN: true }), fc.constantFrom(0, -3, 1, Number.NaN, Number.POSITIVE_INFINITY));
    const teams = [...new Set(lastSeason.map((m) => m.home))];
    fc.assert(
      fc.property(
        fc.constantFrom(...teams, 'Unknown United'),
        fc.constantFrom(...teams, 'Nobody Rovers'),
        fc.option(
          fc.record({ home: price, draw: price, away: price, over25: fc.option(price, { nil: undefined }), under25: fc.option(price, { nil: undefined }) }),
          { nil: undefined },
        ),
        (home, away, odds) => {
          fc.pre(home !== away);
          const clean = odds ? Object.fromEntries(Object.entries(odds).filter(([, v]) => v !== undefined)) : undefined;
          checkForecast(predictFixture(state, { kickoff: asOf, league: 'SIM', home, away, ...(clean ? { odds: clean } : {}) }));
        },
      ),
      { seed: 5, numRuns: 150 },
    );
  });

  it('is deterministic and survives a JSON round trip', () => {
    const again = fitLeagueModel({ league: 'SIM', history, asOf });
    expect(JSON.stringify(again)).toBe(JSON.stringify(state));
    const restored = JSON.parse(JSON.stringify(state)) as LeagueModelState;
    const fx = lastSeason.find((m) => m.date >= asOf)!;
    const input = { kickoff: fx.date, league: 'SIM', home: fx.home, away: fx.away, odds: fx.odds! };
    expect(predictFixture(restored, input)).toEqual(predictFixture(state, input));
  });

  it('stronger teams get higher win probabilities (sanity against the simulation truth)', () => {
    const truth = sim.teams[2]!;
    const strength = (n: string) => {
      const t = truth.find((x) => x.name === n)!;
      return t.attack + t.defence;
    };
    const sorted = [...truth].sort((a, b) => strength(b.name) - strength(a.name));
    const best = sorted[0]!.name,
      worst = sorted.at(-1)!.name;
    const f = predictFixture(state, { kickoff: asOf, league: 'SIM', home: best, away: worst });
    expect(f.probabilities.home).toBeGreaterThan(0.5);
    const g = predictFixture(state, { kickoff: asOf, league: 'SIM', home: worst, away: best });
    expect(g.probabilities.away).toBeGreaterThan(g.probabilities.home);
  });

  it('ignores other leagues, unplayed or malformed records and team-name whitespace', () => {
    const noisy: MatchRecord[] = [
      ...history,
      { date: '2016-01-01', league: 'OTHER', home: 'X', away: 'Y', homeGoals: 9, awayGoals: 0 },
      { date: 'not a date', league: 'SIM', home: 'X', away: 'Y', homeGoals: 1, awayGoals: 0 },
      { date: '2016-01-01', league: 'SIM', home: 'X', away: 'X', homeGoals: 1, awayGoals: 0 },
      { date: '2016-01-01', league: 'SIM', home: 'X', away: 'Y', homeGoals: NaN, awayGoals: 0 },
    ];
    const s = fitLeagueModel({ league: 'SIM', history: noisy, asOf });
    expect(s.stats.skipped).toBe(3);
    const fx = lastSeason.find((m) => m.date >= asOf)!;
    const a = predictFixture(s, { kickoff: fx.date, league: 'SIM', home: ` ${fx.home}  `, away: fx.away });
    const b = predictFixture(state, { kickoff: fx.date, league: 'SIM', home: fx.home, away: fx.away });
    expect(a.probabilities).toEqual(b.probabilities);
  });

  it('a fit depends on the history and asOf only: a fitter reusing its replay, or a shuffled history, gives the same state', () => {
    // One fitter walked forward (as the deployed backtest does) across a 4-week mark, against a fresh fit each time.
    const days = [...new Set(lastSeason.map((m) => m.date))].sort().slice(20, 26);
    const fitter = new LeagueFitter('SIM');
    for (const day of days) expect(JSON.stringify(fitter.fit(history, day))).toBe(JSON.stringify(fitLeagueModel({ league: 'SIM', history, asOf: day })));
    // A correction to an old match (results long settled) starts a new replay instead of reusing a stale one.
    const corrected = history.map((m, i) => (i === 10 ? { ...m, homeGoals: m.homeGoals + 1 } : m));
    expect(JSON.stringify(fitter.fit(corrected, days.at(-1)!))).toBe(JSON.stringify(fitLeagueModel({ league: 'SIM', history: corrected, asOf: days.at(-1)! })));
    expect(JSON.stringify(fitter.fit(corrected, days.at(-1)!))).not.toBe(JSON.stringify(fitter.fit(history, days.at(-1)!)));
    const shuffled = [...history].reverse();
    expect(JSON.stringify(fitLeagueModel({ league: 'SIM', history: shuffled, asOf }))).toBe(JSON.stringify(state));
  });

  it('refuses a state from another model version', () => {
    const bad = { ...state, version: 'old' };
    expect(() => predictFixture(bad, { kickoff: asOf, league: 'SIM', home: 'a', away: 'b' })).toThrow(/version/);
  });
});
