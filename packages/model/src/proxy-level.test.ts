import { describe, expect, it } from 'vitest';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { proxyLevels } from './proxy-level.ts';
import { simulateLeague } from './testing/simulate.ts';

/**
 * The proxy's level on data the repository carries: three simulated leagues whose shots on target start being counted
 * more strictly in its fourth season (40 % fewer shots recorded as on target, the goals unchanged), as the English
 * divisions' counting changed around 2013-14. The research files' own check (every league and season on file) is in
 * the benchmark output (`npm run bench`, bench/run.ts; docs/model.md).
 */
const CHANGE = 3;
const simulated = [11, 12, 13].flatMap((seed) => simulateLeague({ league: `S${seed}`, teams: 20, seasons: 9, seed, shots: true }).matches);
const seasons = [...new Set(simulated.map((m) => m.season!))];
const matches = simulated.map((m) => {
  if (seasons.indexOf(m.season!) < CHANGE) return m;
  const strict = (n: number | undefined) => (n === undefined ? n : Math.round(n * 0.6));
  return { ...m, homeShotsOnTarget: strict(m.homeShotsOnTarget), awayShotsOnTarget: strict(m.awayShotsOnTarget) };
});

/** Proxy over goals, pooled over three leagues and the seasons `from`..`to` (a simulated season is ±3 % noise alone). */
function level(hyper: Hyper, from: number, to: number): number {
  const rows = proxyLevels(matches, hyper).filter((r) => seasons.indexOf(r.season) >= from && seasons.indexOf(r.season) <= to);
  return rows.reduce((s, r) => s + r.proxy, 0) / rows.reduce((s, r) => s + r.goals, 0);
}
const levelAfterChange = (hyper: Hyper) => level(hyper, CHANGE + 2, seasons.length - 1);

describe('the expected-goals proxy keeps the level of the goals', () => {
  it('within 3 % of the goals before the counting changes (after its first season)', () => {
    expect(Math.abs(level(DEFAULT_HYPER, 1, CHANGE - 1) - 1)).toBeLessThan(0.03);
  });

  it('within 3 % of the goals from the second season after the counting changes', () => {
    expect(Math.abs(levelAfterChange(DEFAULT_HYPER) - 1)).toBeLessThan(0.03);
  });

  it('conversion rates summed since the first match on record would not be (the level this test guards)', () => {
    expect(levelAfterChange({ ...DEFAULT_HYPER, xg: { ...DEFAULT_HYPER.xg, halfLifeDays: 0 } })).toBeLessThan(0.95);
  });
});
