import { describe, expect, it } from 'vitest';
import { dcExpectations, fitDixonColes, type DCMatch } from './dixon-coles.ts';
import { simulateLeague } from './testing/simulate.ts';

describe('Dixon-Coles', () => {
  it('recovers known team strengths, home advantage and rho from seasons simulated with them', () => {
    const sim = simulateLeague({ teams: 20, seasons: 8, seed: 5, intercept: 0.1, home: 0.3, rho: -0.1 });
    const truth = sim.teams[0]!;
    const ms: DCMatch[] = sim.matches.map((m) => ({
      home: m.home,
      away: m.away,
      homeTarget: m.homeGoals,
      awayTarget: m.awayGoals,
      homeGoals: m.homeGoals,
      awayGoals: m.awayGoals,
      weight: 1,
    }));
    const p = fitDixonColes(ms, { ridge: 0.01 });
    expect(p.home).toBeCloseTo(0.3, 1);
    expect(p.intercept).toBeCloseTo(0.1, 1);
    expect(p.rho).toBeGreaterThan(-0.2);
    expect(p.rho).toBeLessThan(0);
    let se = 0;
    for (const t of truth) {
      const k = p.teams.indexOf(t.name);
      se += (p.attack[k]! - t.attack) ** 2 + (p.defence[k]! - t.defence) ** 2;
    }
    const rmse = Math.sqrt(se / (2 * truth.length));
    expect(rmse).toBeLessThan(0.06); // strengths have sd 0.25
    // identifiable: attack and defence centred (ridge pins the shift direction)
    expect(Math.abs(p.attack.reduce((a, b) => a + b, 0))).toBeLessThan(1e-6);
    expect(Math.abs(p.defence.reduce((a, b) => a + b, 0))).toBeLessThan(1e-6);
  });
  it('ranks teams correctly on three seasons and shrinks an unseen team to the newcomer prior', () => {
    const sim = simulateLeague({ teams: 20, seasons: 3, seed: 9 });
    const ms: DCMatch[] = sim.matches.map((m) => ({
      home: m.home,
      away: m.away,
      homeTarget: m.homeGoals,
      awayTarget: m.awayGoals,
      homeGoals: m.homeGoals,
      awayGoals: m.awayGoals,
      weight: 1,
    }));
    const p = fitDixonColes(ms, { ridge: 1, newTeam: { attack: -0.2, defence: -0.2 } });
    const truth = sim.teams[0]!;
    const corr = (a: number[], b: number[]) => {
      const ma = a.reduce((s, x) => s + x, 0) / a.length,
        mb = b.reduce((s, x) => s + x, 0) / b.length;
      let num = 0,
        da = 0,
        db = 0;
      a.forEach((x, i) => {
        num += (x - ma) * (b[i]! - mb);
        da += (x - ma) ** 2;
        db += (b[i]! - mb) ** 2;
      });
      return num / Math.sqrt(da * db);
    };
    const est = truth.map((t) => p.attack[p.teams.indexOf(t.name)]! + p.defence[p.teams.indexOf(t.name)]!);
    expect(
      corr(
        est,
        truth.map((t) => t.attack + t.defence),
      ),
    ).toBeGreaterThan(0.9);
    const known = dcExpectations(p, truth[0]!.name, truth[1]!.name);
    const unseen = dcExpectations(p, 'Nobody FC', truth[1]!.name);
    expect(unseen.lambda).toBeCloseTo(Math.exp(p.intercept + p.home - 0.2 - p.defence[p.teams.indexOf(truth[1]!.name)]!), 10);
    expect(known.lambda).toBeGreaterThan(0);
  });
  it('time-decay weights: down-weighting old matches changes the fit toward recent form', () => {
    const ms: DCMatch[] = [];
    for (let i = 0; i < 40; i++) {
      const recent = i >= 20;
      ms.push({ home: 'A', away: 'B', homeTarget: recent ? 3 : 0, awayTarget: 1, homeGoals: recent ? 3 : 0, awayGoals: 1, weight: recent ? 1 : 0.05 });
      ms.push({ home: 'B', away: 'A', homeTarget: 1, awayTarget: recent ? 3 : 0, homeGoals: 1, awayGoals: recent ? 3 : 0, weight: recent ? 1 : 0.05 });
    }
    const p = fitDixonColes(ms, { ridge: 0.1 });
    expect(p.attack[p.teams.indexOf('A')]!).toBeGreaterThan(p.attack[p.teams.indexOf('B')]!);
  });
});
