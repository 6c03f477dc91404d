import { describe, expect, it } from 'vitest';
import { renderSeasonReport, seasonBacktest } from './season-backtest.ts';
import { simulateLeague } from './testing/simulate.ts';

describe('season simulations backtest', () => {
  it('scores complete seasons at rounds 10, 20 and 30 against both baselines, and skips a curtailed one', () => {
    const { matches } = simulateLeague({ league: 'SB', teams: 20, seasons: 4, seed: 21, shots: true });
    const all = matches.map((m) => ({ ...m, season: m.season! }));
    // Another league whose evaluated season stopped early (as 2019-20 did in some leagues).
    const other = simulateLeague({ league: 'SC', teams: 10, seasons: 4, seed: 22 }).matches.map((m) => ({ ...m, season: m.season! }));
    const curtailed = other.filter((m) => m.season !== '2018-19' || m.date < '2018-11-01');
    const report = seasonBacktest([...all, ...curtailed], ['2018-19'], { runs: 500 });
    expect(report.evaluated).toEqual([{ league: 'SB', season: '2018-19', clubs: 20 }]);
    expect(report.skipped).toEqual([{ league: 'SC', season: '2018-19', reason: expect.stringContaining('not a double round robin') }]);
    expect(report.trainingSeasons).toBe('2015-16..2017-18');
    for (const market of ['title', 'top4', 'relegation'] as const) {
      expect(Object.keys(report.scores[market])).toEqual(['10', '20', '30', 'all']);
      expect(report.scores[market]['10']!.n).toBe(20);
      expect(report.scores[market].all!.n).toBe(60);
      expect(report.reliability[market].reduce((s, b) => s + b.n, 0)).toBe(60);
      const { model, lastSeason, pointsPerGame } = report.scores[market].all!.brier;
      for (const b of [model, lastSeason, pointsPerGame]) {
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThan(0.5);
      }
    }
    // At round 30 the simulations know two thirds of the season: their title chances beat knowing last season only.
    expect(report.scores.title['30']!.brier.model).toBeLessThan(report.scores.title['30']!.brier.lastSeason);
    expect(renderSeasonReport(report)).toContain('relegation');
  }, 60_000);
});
