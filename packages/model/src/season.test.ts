import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './random.ts';
import { leagueTable, ratingTimeline, roundDoublyToHundred, simulateSeason, type SeasonFixture, type SeasonSetup } from './season.ts';
import { simulateLeague } from './testing/simulate.ts';

const rules = { tieBreaks: ['goalDifference', 'goalsFor'] as const, top: 4, relegated: 2 };

/** A double round robin of `n` clubs still to play, club i of strength `strength(i)` (log scale). */
function league(n: number, strength: (i: number) => number, variance: number): SeasonSetup {
  const teams = Array.from({ length: n }, (_, i) => `Club ${String.fromCharCode(65 + i)}`);
  const remaining: SeasonFixture[] = [];
  let day = 19000;
  for (let h = 0; h < n; h++) {
    for (let a = 0; a < n; a++) {
      if (h === a) continue;
      remaining.push({
        home: teams[h]!,
        away: teams[a]!,
        day: day++,
        lambda: 1.4 * Math.exp(strength(h) - strength(a)),
        mu: 1.1 * Math.exp(strength(a) - strength(h)),
      });
    }
  }
  return {
    teams,
    played: [],
    remaining,
    variance: Object.fromEntries(teams.map((t) => [t, { attack: variance, defence: variance }])),
    perDay: 0,
    maxVariance: 0.1,
    startDay: 19000,
  };
}

describe('season simulation', () => {
  it('counts every run once per club and once per place', () => {
    const out = simulateSeason(
      league(8, (i) => 0.1 * (4 - i), 0.02),
      rules,
      { runs: 2000, seed: 1 },
    );
    for (const t of out.teams) expect(t.positions.reduce((s, c) => s + c, 0)).toBe(2000);
    for (let place = 0; place < 8; place++) expect(out.teams.reduce((s, t) => s + t.positions[place]!, 0)).toBe(2000);
    // The strongest club wins the title most often, the weakest is relegated most often.
    const title = out.teams.map((t) => t.positions[0]!);
    expect(title.indexOf(Math.max(...title))).toBe(0);
    const bottom = out.teams.map((t) => t.positions[7]!);
    expect(bottom.indexOf(Math.max(...bottom))).toBe(7);
    expect(out.teams[0]!.points.p10).toBeLessThanOrEqual(out.teams[0]!.points.mean);
    expect(out.teams[0]!.points.p90).toBeGreaterThanOrEqual(out.teams[0]!.points.mean);
  });

  it('is deterministic for a seed', () => {
    const setup = league(6, (i) => 0.05 * i, 0.03);
    expect(simulateSeason(setup, rules, { runs: 300, seed: 7 })).toEqual(simulateSeason(setup, rules, { runs: 300, seed: 7 }));
  });

  it('hot runs spread the points wider than cold ones from the same forecast', () => {
    const spread = (variance: number) => {
      const out = simulateSeason(
        league(10, () => 0, variance),
        rules,
        { runs: 3000, seed: 3 },
      );
      return out.teams.reduce((s, t) => s + (t.points.p90 - t.points.p10), 0) / out.teams.length;
    };
    expect(spread(0.05)).toBeGreaterThan(spread(1e-9) + 2);
  });

  it('starts from the played table: a club 30 points clear with two matches left is champion in every run', () => {
    const setup = league(4, () => 0, 0.02);
    const played = Array.from({ length: 10 }, () => ({ home: 'Club D', away: 'Club A', homeGoals: 2, awayGoals: 0 }));
    const out = simulateSeason({ ...setup, played, remaining: setup.remaining.slice(0, 2) }, rules, { runs: 500, seed: 2 });
    expect(out.teams.find((t) => t.team === 'Club D')!.positions[0]).toBe(500);
  });
});

describe('league table', () => {
  // A and B level on 7 points; A has the better goal difference, B took 4 of the 6 points between them.
  const played = [
    { home: 'B', away: 'A', homeGoals: 1, awayGoals: 0 },
    { home: 'A', away: 'B', homeGoals: 1, awayGoals: 1 },
    { home: 'A', away: 'C', homeGoals: 5, awayGoals: 0 },
    { home: 'C', away: 'A', homeGoals: 0, awayGoals: 5 },
    { home: 'B', away: 'C', homeGoals: 1, awayGoals: 0 },
    { home: 'C', away: 'B', homeGoals: 1, awayGoals: 0 },
    { home: 'D', away: 'C', homeGoals: 1, awayGoals: 0 },
    { home: 'C', away: 'D', homeGoals: 1, awayGoals: 0 },
  ];
  it('orders clubs level on points by goal difference, or by their matches against each other where the league says so', () => {
    expect(leagueTable(['D', 'C', 'B', 'A'], played, ['goalDifference', 'goalsFor'])).toEqual(['A', 'B', 'C', 'D']);
    expect(leagueTable(['D', 'C', 'B', 'A'], played, ['headToHead', 'goalDifference', 'goalsFor'])).toEqual(['B', 'A', 'C', 'D']);
  });
});

describe('rounding a position table', () => {
  it('every club row and every place column sums to exactly 100, each cell within 0.1 of its share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 24 }), fc.integer({ min: 1, max: 20000 }), fc.integer(), (n, runs, seed) => {
        // A random table of runs: each run a random permutation of clubs to places.
        const rng = mulberry32(seed);
        const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
        for (let r = 0; r < Math.min(runs, 400); r++) {
          const perm = Array.from({ length: n }, (_, i) => i).sort(() => rng() - 0.5);
          perm.forEach((club, place) => counts[club]![place]!++);
        }
        const total = Math.min(runs, 400);
        const rounded = roundDoublyToHundred(counts, total);
        for (let i = 0; i < n; i++) {
          expect(Math.round(rounded[i]!.reduce((s, v) => s + v, 0) * 10)).toBe(1000);
          expect(Math.round(rounded.reduce((s, row) => s + row[i]!, 0) * 10)).toBe(1000);
          for (let j = 0; j < n; j++) expect(Math.abs(rounded[i]![j]! - (counts[i]![j]! / total) * 100)).toBeLessThan(0.1 + 1e-9);
        }
      }),
      { seed: 29, numRuns: 200 },
    );
  });
});

describe('rating timeline', () => {
  it("follows a club's Elo after each of its match days: winning every match, it rises", () => {
    const { matches } = simulateLeague({ league: 'TL', teams: 6, seasons: 2, seed: 5 });
    const rigged = matches.map((m) =>
      m.home === 'Team A' ? { ...m, homeGoals: 3, awayGoals: 0 } : m.away === 'Team A' ? { ...m, homeGoals: 0, awayGoals: 3 } : m,
    );
    const line = ratingTimeline('TL', rigged, 'Team A', '2016-01-01');
    expect(line.length).toBeGreaterThan(5);
    expect(line.every((p) => p.date >= '2016-01-01')).toBe(true);
    for (let i = 1; i < line.length; i++) expect(line[i]!.rating).toBeGreaterThanOrEqual(line[i - 1]!.rating - 1e-9);
    expect(line.at(-1)!.rating).toBeGreaterThan(line[0]!.rating + 20);
  });
});
