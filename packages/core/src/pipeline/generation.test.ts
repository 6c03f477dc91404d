import type { MatchRecord } from '@app/model/types';
import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { makeGenerationService } from './generation.ts';
import type { FixtureProvider, ProviderFixture } from './providers.ts';

const NOW = '2026-11-22T12:00:00Z';
const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

/** A synthetic league: a match every 1.75 days for three and a half years up to a week ahead, played two hours after kickoff. */
function world(start: number, now: () => number): () => ProviderFixture[] {
  const base: Array<ProviderFixture & { score: { home: number; away: number } }> = [];
  let t = start - 3.5 * 365 * DAY_MS;
  for (let n = 0; t < start + 9 * DAY_MS; n++, t += 1.75 * DAY_MS) {
    const season = `${new Date(t).getUTCFullYear() - (new Date(t).getUTCMonth() < 7 ? 1 : 0)}`;
    const [home, away] = [clubs[n % 6]!, clubs[(n + 1 + (Math.floor(n / 6) % 5)) % 6]!];
    base.push({ id: `f${n}`, leagueId: 'L1', season, kickoff: new Date(t).toISOString(), homeTeam: home, awayTeam: away, status: 'scheduled', score: { home: (n * 7) % 4, away: (n * 3) % 3 } });
  }
  return () =>
    base.map(({ score, ...f }) => (Date.parse(f.kickoff) + 2 * 3_600_000 < now() ? { ...f, status: 'finished' as const, score } : f));
}

/** The generation service over in-memory ports; `failAfterWrites` makes the prediction store die (a killed consumer). */
function setup(options: { failAfterWrites?: number } = {}) {
  const clock = fixedClock(NOW);
  const all = world(clock.now().getTime(), () => clock.now().getTime());
  const league = { id: 'L1', name: 'League One', country: 'Nowhere' };
  const stores = inMemoryPipeline({ leagues: [league], ...options });
  const provider: FixtureProvider = {
    name: 'synthetic',
    leagues: async () => [league],
    fixtures: async (_league, from, to) => all().filter((f) => Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime()),
    history: async (id, before): Promise<MatchRecord[]> =>
      all().filter((f) => f.score && Date.parse(f.kickoff) < before.getTime()).map((f) => ({ date: f.kickoff, league: id, season: f.season, home: f.homeTeam, away: f.awayTeam, homeGoals: f.score!.home, awayGoals: f.score!.away })),
  };
  const service = makeGenerationService({ fixturesProvider: provider, oddsProvider: { name: 'none', odds: async () => new Map() }, ...stores.ports, clock });
  return { service, clock, all, ...stores };
}

describe('generation', () => {
  it('a first run killed in the middle of its backfill is still a first run: the retry ends exactly like an uninterrupted run', async () => {
    const uninterrupted = setup();
    await uninterrupted.service.generate('L1');

    const killed = setup({ failAfterWrites: 20 });
    await expect(killed.service.generate('L1')).rejects.toThrow('consumer killed');
    // The model state marks a completed first run: none was saved.
    expect(killed.models.size).toBe(0);
    killed.heal();
    const summary = await killed.service.generate('L1');

    expect(summary).toMatch(/backfilled/);
    expect(killed.models.get('L1')).toEqual(uninterrupted.models.get('L1'));
    expect([...killed.history.values()]).toEqual([...uninterrupted.history.values()]);
    expect([...killed.predictions.entries()].sort()).toEqual([...uninterrupted.predictions.entries()].sort());
    // Every fixture of the last 30 days and the next 7 has exactly one prediction; played ones are settled.
    const now = Date.parse(NOW);
    for (const f of uninterrupted.all().filter((x) => Date.parse(x.kickoff) > now - 30 * DAY_MS && Date.parse(x.kickoff) <= now + 7 * DAY_MS)) {
      expect(killed.predictions.get(f.id)?.prediction.status).toBe(f.status === 'finished' ? 'settled' : 'scheduled');
    }
  }, 60_000);

  it('a later run is not a first run: it refits from the stored history and backfills nothing', async () => {
    const { service, clock, counts } = setup();
    await service.generate('L1');
    const first = counts().writes;
    clock.advance(DAY_MS);
    const summary = await service.generate('L1');
    expect(summary).toMatch(/0 backfilled, model refitted/);
    expect(counts().writes - first).toBeLessThan(10);
  });

  it('records each prediction\'s origin: backfilled for the past days of a first run, published for the week ahead, on the picks too', async () => {
    // Act
    const { service, predictions } = setup();
    await service.generate('L1');

    // Assess
    const now = Date.parse(NOW);
    const rows = [...predictions.values()];
    const past = rows.filter((r) => Date.parse(r.prediction.kickoff) <= now);
    const ahead = rows.filter((r) => Date.parse(r.prediction.kickoff) > now);
    expect(past.length).toBeGreaterThan(0);
    expect(ahead.length).toBeGreaterThan(0);
    for (const r of past) expect([r.prediction.origin, ...r.picks.map((p) => p.origin)]).toEqual(Array(1 + r.picks.length).fill('backfilled'));
    for (const r of ahead) expect([r.prediction.origin, ...r.picks.map((p) => p.origin)]).toEqual(Array(1 + r.picks.length).fill('published'));
  });

  it('settles each finished fixture once, however often results are ingested', async () => {
    const { service, clock, predictions, counts } = setup();
    await service.generate('L1');
    const predicted = [...predictions.values()].filter((p) => p.prediction.status === 'scheduled').map((p) => p.prediction);
    // Two days later, the fixtures that kicked off since have been played.
    clock.advance(2 * DAY_MS);
    const played = predicted.filter((p) => Date.parse(p.kickoff) + 2 * 3_600_000 < clock.now().getTime());
    expect(played.length).toBeGreaterThan(0);

    const before = counts().settles;
    await service.ingestResults('L1');
    expect(counts().settles - before).toBe(played.length);
    await service.ingestResults('L1');
    expect(counts().settles - before).toBe(played.length);
    for (const p of played) expect(predictions.get(p.fixtureId)?.prediction.status).toBe('settled');
  });
});
