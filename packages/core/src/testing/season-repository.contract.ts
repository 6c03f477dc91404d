// The behaviour every SeasonRepository must have. Run against the in-memory store (core's unit tests)
// and the DynamoDB adapter (its integration tests), with the same assertions.
import { describe, expect, it } from 'vitest';
import type { SeasonRepository, SimulationSnapshot, StoredSimulation } from '../seasons/ports.ts';

export function seasonRepositoryContract(name: string, make: () => SeasonRepository | Promise<SeasonRepository>): void {
  let n = 0;
  /** A unique league per test (the DynamoDB suite shares one table). */
  const league = () => `L${name.replace(/\W/g, '')}${++n}`;
  const simulation = (leagueId: string, day: string, season = '2026-27'): StoredSimulation => ({
    leagueId,
    season,
    simulations: 10000,
    generatedAt: `${day}T06:30:00.000Z`,
    teams: [
      {
        team: 'Ambervale Athletic',
        slug: `ambervale-${leagueId.toLowerCase()}`,
        points: { mean: 61.2, p10: 52, p90: 70 },
        position: [60, 40],
        title: 60,
        top4: 100,
        relegation: 0,
      },
    ],
    basis: { day, played: 120, remaining: 120, fittedAt: day },
  });
  const snapshot = (leagueId: string, date: string, title: number, season = '2026-27'): SimulationSnapshot => ({
    leagueId,
    season,
    date,
    teams: [{ slug: 'ambervale', title, top4: 100, relegation: 0 }],
  });

  describe(`SeasonRepository contract: ${name}`, () => {
    it('keeps the latest simulation of each league and one snapshot per day, oldest first, per season', async () => {
      const store = await make();
      const l = league();
      expect(await store.latest(l)).toBeUndefined();
      await store.save(simulation(l, '2026-11-20'), snapshot(l, '2026-11-20', 40), []);
      await store.save(simulation(l, '2026-11-22'), snapshot(l, '2026-11-22', 55), []);
      // A second run on one day replaces that day's snapshot.
      await store.save(simulation(l, '2026-11-21'), snapshot(l, '2026-11-21', 45), []);
      await store.save(simulation(l, '2026-11-21'), snapshot(l, '2026-11-21', 47), []);
      await store.save(simulation(l, '2026-05-01', '2025-26'), snapshot(l, '2026-05-01', 90, '2025-26'), []);
      expect((await store.latest(l))?.generatedAt).toBe('2026-05-01T06:30:00.000Z');
      expect((await store.latest(l))?.basis).toEqual({ day: '2026-05-01', played: 120, remaining: 120, fittedAt: '2026-05-01' });
      expect((await store.snapshots(l, '2026-27')).map((d) => [d.date, d.teams[0]!.title])).toEqual([
        ['2026-11-20', 40],
        ['2026-11-21', 47],
        ['2026-11-22', 55],
      ]);
      expect((await store.snapshots(l, '2025-26')).map((d) => d.date)).toEqual(['2026-05-01']);
      expect(await store.snapshots(league(), '2026-27')).toEqual([]);
    });

    it('indexes the teams of a simulation by slug, the latest league winning', async () => {
      const store = await make();
      const [a, b] = [league(), league()];
      const slug = `club-${a.toLowerCase()}`;
      expect(await store.team(slug)).toBeUndefined();
      await store.save(simulation(a, '2026-11-20'), snapshot(a, '2026-11-20', 40), [{ slug, team: 'Club', leagueId: a, leagueName: 'League A' }]);
      expect(await store.team(slug)).toEqual({ slug, team: 'Club', leagueId: a, leagueName: 'League A' });
      await store.save(simulation(b, '2026-11-21'), snapshot(b, '2026-11-21', 40), [{ slug, team: 'Club', leagueId: b, leagueName: 'League B' }]);
      expect((await store.team(slug))?.leagueId).toBe(b);
    });
  });
}
