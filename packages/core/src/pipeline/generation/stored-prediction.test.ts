import { describe, expect, it } from 'vitest';
import { fitLeagueModel } from '@app/model/forecast';
import { DEFAULT_STACK, leagueMemory, poolMemory } from '@app/model/market-memory';
import { simulateLeague } from '@app/model/testing/simulate';
import { toPublicPrediction } from '../../predictions/locking.ts';
import { toStoredPrediction } from './stored-prediction.ts';
import type { FixtureOdds } from '../../predictions/odds.ts';
import type { ProviderFixture } from '../providers.ts';

const sim = simulateLeague({ teams: 10, seasons: 2, seed: 5, odds: true, shots: true, league: 'SIM' });
const last = sim.matches.at(-1)!;
const state = fitLeagueModel({ league: 'SIM', history: sim.matches, asOf: last.date });
const fixture: ProviderFixture = {
  id: 'demo-1',
  leagueId: 'SIM',
  season: last.season!,
  kickoff: `${last.date}T15:00:00Z`,
  homeTeam: last.home,
  awayTeam: last.away,
  status: 'scheduled',
};
const odds: FixtureOdds = {
  best: { home: 2.2, draw: 3.6, away: 3.9, over25: 2.0, under25: 1.95 },
  bestBookmakers: { home: 'Velox' },
  average: { home: 2.1, draw: 3.4, away: 3.6, over25: 1.9, under25: 1.9 },
  capturedAt: `${last.date}T09:00:00Z`,
};

describe('a stored prediction', () => {
  it('is published without odds: our models alone, no market, no value bets', () => {
    const p = toStoredPrediction(fixture, 'Sim League', state, undefined, new Date(`${last.date}T06:00:00Z`), 'published');
    expect(p.market).toBeUndefined();
    expect(p.models).toBeDefined();
    expect(p.probabilities.home).toBeCloseTo(p.models!.home, 12);
    expect(p.valueBets).toEqual([]);
    expect(p.modelWeight).toEqual({ x1: 1, ou: 1 });
    const shown = toPublicPrediction(p, { premium: true });
    expect(shown.insights?.market).toBeNull();
    expect(shown.insights?.models?.home).toBeCloseTo(p.models!.home * 100, 0);
  });

  it('is published without odds from the market memory pooled with our models, and says so; with odds the memory is not read', () => {
    const memory = leagueMemory(sim.matches, 'SIM', last.date)!;
    const at = new Date(`${last.date}T06:00:00Z`);
    const p = toStoredPrediction(fixture, 'Sim League', state, undefined, at, 'published', { memory });
    expect(p.forecastSource).toBe('memory');
    const own = memory.forecast({ league: 'SIM', season: fixture.season, date: fixture.kickoff, home: fixture.homeTeam, away: fixture.awayTeam }).p;
    expect(p.memory).toEqual({ home: own[0], draw: own[1], away: own[2], over25: own[3] });
    const m = p.models!;
    const pooled = poolMemory(own, [m.home, m.draw, m.away, m.over25], DEFAULT_STACK.w1x2, DEFAULT_STACK.wOver);
    expect([p.probabilities.home, p.probabilities.draw, p.probabilities.away, p.overUnder25.over]).toEqual(pooled.map((v) => expect.closeTo(v, 12)));
    expect(p.market).toBeUndefined();
    expect(p.modelWeight).toEqual({ x1: DEFAULT_STACK.w1x2, ou: DEFAULT_STACK.wOver });
    expect(toPublicPrediction(p, { premium: true }).forecastSource).toBe('memory');
    // without a memory (a league without prices): our models alone
    expect(toStoredPrediction(fixture, 'Sim League', state, undefined, at, 'published').forecastSource).toBe('models');
    // with odds: the market's stack as before, the memory unread
    const priced = toStoredPrediction(fixture, 'Sim League', state, odds, at, 'published', { memory });
    expect(priced.forecastSource).toBe('market');
    expect(priced.memory).toBeUndefined();
    expect(priced.probabilities).toEqual(toStoredPrediction(fixture, 'Sim League', state, odds, at, 'published').probabilities);
  });

  it('with odds keeps our models beside the market, and says which price value bets used', () => {
    const p = toStoredPrediction(fixture, 'Sim League', state, odds, new Date(`${last.date}T06:00:00Z`), 'published');
    expect(p.market).toBeDefined();
    expect(p.models).toBeDefined();
    expect(p.market!.home).toBeGreaterThan(p.market!.away);
    const shown = toPublicPrediction({ ...p, valueBets: [{ market: 'home', odds: 2.2, edge: 0.06 }] }, { premium: true });
    expect(shown.insights?.market?.home).toBeCloseTo(p.market!.home * 100, 0);
    expect(shown.valueBets).toEqual([
      {
        market: 'home',
        odds: 2.2,
        priceSource: 'best',
        bookmaker: 'Velox',
        fairOdds: Math.round((1 / p.market!.home) * 100) / 100,
        edge: 6,
        seenAt: null,
        flaggedAt: null,
        quotedAt: null,
        // both plans' stakes, in percent of a bankroll: one unit flat, quarter-Kelly from the fair probability
        stake: { flat: 1, kelly: expect.any(Number) },
      },
    ]);
    // How much of the published forecast is our models' travels with it to the card.
    expect(p.modelWeight).toEqual({ x1: expect.any(Number), ou: expect.any(Number) });
    expect(shown.modelWeight).toEqual(p.modelWeight);
  });

  it("flags a declared book's fresh quote above the sharp fair price, as of the run, and carries the flag's history on", () => {
    const at = new Date(`${last.date}T06:00:00Z`);
    const withQuotes: FixtureOdds = {
      ...odds,
      sharp: { home: 2.0, draw: 3.6, away: 4.0, over25: 1.95, under25: 1.95 },
      quotes: [{ key: 'williamhill', name: 'William Hill', updatedAt: `${last.date}T05:59:00.000Z`, prices: { home: 2.3, draw: 3.3, away: 3.6 } }],
    };
    const stale = { ...withQuotes, quotes: withQuotes.quotes!.map((q) => ({ ...q, updatedAt: `${last.date}T05:00:00.000Z` })) };
    const previous = toStoredPrediction(fixture, 'Sim League', state, stale, at, 'published');
    const p = toStoredPrediction(fixture, 'Sim League', state, withQuotes, at, 'published', { previous });
    // a quote an hour old is no price to take: no flag; a fresh one is, at William Hill's price
    expect(previous.valueBets).toEqual([]);
    expect(p.valueBets).toEqual([
      expect.objectContaining({ market: 'home', odds: 2.3, bookmaker: 'William Hill', flaggedAt: at.toISOString(), quotedAt: `${last.date}T05:59:00.000Z` }),
    ]);
    expect(p.valueHistory?.map((e) => e.event)).toEqual(['flagged']);
    expect(p.bestOdds).toEqual({ home: 2.3, draw: 3.3, away: 3.6 });
    // the match page's price grid: every declared book's fresh prices and the sharp fair prices, as of the run
    expect(p.books).toEqual([{ bookmaker: 'William Hill', odds: { home: 2.3, draw: 3.3, away: 3.6 } }]);
    expect(p.sharpFair?.bookmaker).toBe('Pinnacle');
    expect(p.sharpFair?.odds.home).toBeGreaterThan(2.0);
    expect(p.sharpFair?.odds.over25).toBeCloseTo(2, 3);
    expect(p.booksAt).toBe(at.toISOString());
    // the stale quote is left out of the grid, the sharp fair price stays
    expect(previous.books).toEqual([]);
    expect(previous.sharpFair?.odds.home).toBe(p.sharpFair?.odds.home);
    // a demo world names its own sharp book
    expect(toStoredPrediction(fixture, 'Sim League', state, { ...withQuotes, sharpName: 'Keystone' }, at, 'published').sharpFair?.bookmaker).toBe('Keystone');
  });
});
