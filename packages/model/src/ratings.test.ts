import { describe, expect, it } from 'vitest';
import { fitLeagueModel, predictRaw } from './forecast.ts';
import { DEFAULT_HYPER } from './hyper.ts';
import { emptyLeagueRatings, newTeamRating } from './ratings.ts';
import { simulateLeague } from './testing/simulate.ts';

describe('ratings of clubs new to the record', () => {
  const p = DEFAULT_HYPER.ratings;

  it('in a league first seen, every club starts at the same Elo whatever the order it appears in', () => {
    const lr = emptyLeagueRatings();
    const active: string[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      lr.teams[name] = newTeamRating(lr, p, active.length ? active : undefined, false);
      active.push(name);
    }
    expect(new Set(Object.values(lr.teams).map((t) => t.elo)).size).toBe(1);
  });

  it('a club promoted into an established league starts below its mean by the newcomer offset', () => {
    const lr = emptyLeagueRatings();
    lr.teams.A = { elo: 1600, piHome: 0, piAway: 0, attack: 0, defence: 0 };
    lr.teams.B = { elo: 1400, piHome: 0, piAway: 0, attack: 0, defence: 0 };
    expect(newTeamRating(lr, p, ['A', 'B'], true).elo).toBe(1500 + p.newcomer.elo);
  });
});

describe('memory across a gap in the record', () => {
  // Three seasons on record, seven missing, then the league restarts; the clubs' strengths did not change.
  const sim = simulateLeague({ teams: 16, seasons: 11, firstSeason: 2005, seed: 3 });
  const history = sim.matches.filter((m) => m.season! < '2008' || m.season! >= '2015');
  const restart = history.find((m) => m.season!.startsWith('2015'))!.date;
  const truth = sim.teams[0]!;
  const strength = (n: string) => {
    const t = truth.find((x) => x.name === n)!;
    return t.attack + t.defence;
  };
  const [best, worst] = [
    [...truth].sort((a, b) => strength(b.name) - strength(a.name))[0]!.name,
    [...truth].sort((a, b) => strength(a.name) - strength(b.name))[0]!.name,
  ];
  const homeWin = (historyDays: number) => {
    const state = fitLeagueModel({ league: 'SIM', history, asOf: restart, hyper: { ...DEFAULT_HYPER, historyDays } });
    return predictRaw(state, { kickoff: restart, league: 'SIM', home: best, away: worst });
  };

  it('the first forecasts after the gap still know the strong and the weak clubs', () => {
    const remembered = homeWin(DEFAULT_HYPER.historyDays);
    const forgotten = homeWin(3 * 365);
    // without the old seasons both clubs are unknown: the forecast is little more than the home advantage
    expect(Math.abs(forgotten.rating[0] - forgotten.rating[2])).toBeLessThan(0.25);
    for (const c of ['statistical', 'rating', 'ai', 'pool'] as const) {
      expect(remembered[c][0]).toBeGreaterThan(forgotten[c][0] + 0.1);
      expect(remembered[c][0]).toBeGreaterThan(0.6);
    }
  });
});
