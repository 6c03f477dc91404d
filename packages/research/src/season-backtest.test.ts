import { describe, expect, it } from 'vitest';
import { lineOfOdds } from '@app/model/market-memory';
import { renderSeasonReport, seasonBacktest } from './season-backtest.ts';
import { simulateLeague } from '@app/model/testing/simulate';

describe('season simulations backtest', () => {
  it('scores complete seasons at rounds 10, 20 and 30 against both baselines, from our models and the market memory, and skips a curtailed one', () => {
    const { matches } = simulateLeague({ league: 'SB', teams: 20, seasons: 4, seed: 21, shots: true, odds: true });
    const all = matches.map((m) => ({ ...m, season: m.season! }));
    // Another league whose evaluated season stopped early (as 2019-20 did in some leagues).
    const other = simulateLeague({ league: 'SC', teams: 10, seasons: 4, seed: 22 }).matches.map((m) => ({ ...m, season: m.season! }));
    const curtailed = other.filter((m) => m.season !== '2018-19' || m.date < '2018-11-01');
    const report = seasonBacktest([...all, ...curtailed], ['2018-19'], { runs: 500, memory: { closeOf: (m) => lineOfOdds(m.odds) } });
    expect(report.evaluated).toEqual([{ league: 'SB', season: '2018-19', clubs: 20 }]);
    expect(report.skipped).toEqual([{ league: 'SC', season: '2018-19', reason: expect.stringContaining('not a double round robin') }]);
    expect(report.trainingSeasons).toBe('2015-16..2017-18');
    // Every stop of the priced league simulated from the memory too.
    expect(report.memory).toMatchObject({ stops: 3, fallbacks: 0 });
    for (const market of ['title', 'top4', 'relegation'] as const) {
      expect(Object.keys(report.scores[market])).toEqual(['10', '20', '30', 'all']);
      expect(report.scores[market]['10']!.n).toBe(20);
      expect(report.scores[market].all!.n).toBe(60);
      expect(report.reliability[market].reduce((s, b) => s + b.n, 0)).toBe(60);
      const { model, lastSeason, pointsPerGame } = report.scores[market].all!.brier;
      expect(report.memory!.reliability[market].reduce((s, b) => s + b.n, 0)).toBe(60);
      const memory = report.scores[market].all!.memory!;
      // Paired with the same seeds: the difference is the two Briers'.
      expect(memory.memoryMinusModel.mean).toBeCloseTo(memory.brier - model, 12);
      for (const b of [model, memory.brier, lastSeason, pointsPerGame]) {
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThan(0.5);
      }
    }
    // At round 30 the simulations know two thirds of the season: their title chances beat knowing last season only.
    expect(report.scores.title['30']!.brier.model).toBeLessThan(report.scores.title['30']!.brier.lastSeason);
    expect(report.scores.title['30']!.memory!.brier).toBeLessThan(report.scores.title['30']!.brier.lastSeason);
    expect(renderSeasonReport(report)).toContain('relegation');
    expect(renderSeasonReport(report)).toContain("market memory's ratings (after) against our models (before): 3 of 3 stops");
  }, 60_000);
});
