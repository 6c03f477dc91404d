import { fitLeagueModel } from '@app/model/forecast';
import { quickMarkets } from '@app/model/grid';
import { simulateLeague } from '@app/model/testing/simulate';
import type { MatchOdds, MatchRecord } from '@app/model/types';
import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import { NotFoundError } from '../errors.ts';
import { historyId } from '../pipeline/generation/history-record.ts';
import type { ProviderFixture } from '../pipeline/providers.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { InMemorySeasonRepository } from '../testing/in-memory-seasons.ts';
import { makeSeasonJob, makeSeasonService } from './service.ts';

const league = { id: 'SIM', name: 'Sim League', country: 'Nowhere' };
const premium = { userId: 'u1', email: 'p@example.com', role: 'user' as const, subscriptionStatus: 'premium' as const };

/** Four seasons of a 10-club league; "now" is the middle of the last one. `odds` prices the history's matches. */
function setup({ cacheTtlMs, odds }: { cacheTtlMs?: number; odds?: (m: MatchRecord) => MatchOdds } = {}) {
  const { matches } = simulateLeague({ league: 'SIM', teams: 10, seasons: 4, seed: 11, shots: true });
  const season = '2018-19';
  const current = matches.filter((m) => m.season === season).sort((a, b) => a.date.localeCompare(b.date));
  const half = current.length / 2;
  const clock = fixedClock(`${current[half]!.date.slice(0, 10)}T03:00:00Z`);
  const stores = inMemoryPipeline({ leagues: [league] });
  const fixtures = (): ProviderFixture[] =>
    current.map((m) => {
      const kickoff = `${m.date.slice(0, 10)}T15:00:00.000Z`;
      const f: ProviderFixture = {
        id: `fx-${m.date.slice(0, 10)}-${m.home}-${m.away}`.replace(/\s/g, ''),
        leagueId: 'SIM',
        season,
        kickoff,
        homeTeam: m.home,
        awayTeam: m.away,
        status: 'scheduled',
      };
      return Date.parse(kickoff) + 2 * 3_600_000 < clock.now().getTime() ? { ...f, status: 'finished', score: { home: m.homeGoals, away: m.awayGoals } } : f;
    });
  const playedBefore = (at: number) =>
    matches
      .filter((m) => Date.parse(`${m.date.slice(0, 10)}T17:00:00Z`) < at)
      .map((m) => ({ ...m, date: `${m.date.slice(0, 10)}T15:00:00.000Z`, id: historyId('SIM', m.date, m.home, m.away), ...(odds ? { odds: odds(m) } : {}) }));
  void stores.ports.history.append('SIM', playedBefore(clock.now().getTime()));
  stores.models.set('SIM', fitLeagueModel({ league: 'SIM', history: matches, asOf: clock.now().toISOString().slice(0, 10) }));
  const store = new InMemorySeasonRepository();
  const predictions: StoredPrediction[] = [];
  const providerCalls = { count: 0 };
  const job = makeSeasonJob({
    fixturesProvider: {
      fixtures: async (_l, from, to) => {
        providerCalls.count++;
        return fixtures().filter((f) => Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime());
      },
    },
    history: stores.ports.history,
    models: stores.ports.models,
    leagues: stores.ports.leagues,
    seasons: store,
    rulesOf: () => ({ tieBreaks: ['goalDifference', 'goalsFor'], top: 4, relegated: 2 }),
    clock,
    runs: 2000,
  });
  const historyReads = { count: 0 };
  const reads = makeSeasonService({
    history: { list: (id) => (historyReads.count++, stores.ports.history.list(id)) },
    leagues: stores.ports.leagues,
    seasons: store,
    predictions: {
      listByLeague: async (id, from, to) =>
        predictions.filter((p) => p.leagueId === id && Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime()),
    },
    clock,
    ...(cacheTtlMs === undefined ? {} : { cacheTtlMs }),
  });
  const service = { refresh: job.refresh, ...reads };
  return { service, store, clock, stores, fixtures, predictions, playedBefore, providerCalls, historyReads };
}

describe('season simulations', () => {
  it('simulates the rest of the season: rows and places sum to 100, title, top four and relegation read from the same table', async () => {
    const { service } = setup();
    expect(await service.refresh('SIM')).toMatch(/simulated 2000 times \(45 played, 45 to play\) from our models$/);
    const sim = await service.simulation('SIM');
    expect(sim).toMatchObject({ leagueId: 'SIM', season: '2018-19', simulations: 2000 });
    expect(sim).not.toHaveProperty('basis');
    expect(sim.teams).toHaveLength(10);
    const tenths = (xs: number[]) => Math.round(xs.reduce((s, v) => s + v, 0) * 10);
    for (const t of sim.teams) {
      expect(tenths(t.position)).toBe(1000);
      expect(t.title).toBe(t.position[0]);
      expect(Math.round(t.top4 * 10)).toBe(tenths(t.position.slice(0, 4)));
      expect(Math.round(t.relegation * 10)).toBe(tenths(t.position.slice(8)));
      expect(t.points.p10).toBeLessThanOrEqual(t.points.mean);
      expect(t.points.p90).toBeGreaterThanOrEqual(t.points.mean);
    }
    for (let place = 0; place < 10; place++) expect(tenths(sim.teams.map((t) => t.position[place]!))).toBe(1000);
    // Listed in expected finishing order.
    expect(sim.teams[0]!.points.mean).toBeGreaterThan(sim.teams[9]!.points.mean);
  });

  it("draws the remaining fixtures from the market memory where the league's matches were priced", async () => {
    const models = setup();
    await models.service.refresh('SIM');
    const bottom = (await models.service.simulation('SIM')).teams.at(-1)!;
    // Every earlier match priced as if the models' bottom club were far the strongest and the others alike.
    const strength = (team: string) => (team === bottom.team ? 1 : 0);
    const priced = setup({
      odds: (m) => {
        const q = quickMarkets(1.4 * Math.exp(strength(m.home) - strength(m.away)), 1.1 * Math.exp(strength(m.away) - strength(m.home)), -0.05);
        return { home: 1 / q[0], draw: 1 / q[1], away: 1 / q[2], over25: 1 / q[3], under25: 1 / (1 - q[3]) };
      },
    });
    expect(await priced.service.refresh('SIM')).toMatch(/simulated 2000 times \(45 played, 45 to play\) from the market memory$/);
    const after = (await priced.service.simulation('SIM')).teams.find((t) => t.team === bottom.team)!;
    expect(after.points.mean).toBeGreaterThan(bottom.points.mean + 5);
    expect(after.relegation).toBeLessThan(bottom.relegation);
  });

  it('skips a run when nothing changed, before asking the provider (a paid call), and keeps a snapshot per day for the chart', async () => {
    const { service, clock, stores, playedBefore, providerCalls } = setup();
    await service.refresh('SIM');
    expect(await service.refresh('SIM')).toBe('season simulation unchanged');
    expect(providerCalls.count).toBe(1);
    clock.advance(7 * DAY_MS);
    await stores.ports.history.append('SIM', playedBefore(clock.now().getTime()));
    expect(await service.refresh('SIM')).toMatch(/simulated/);
    const history = await service.history('SIM');
    expect(history.days.map((d) => d.date)).toHaveLength(2);
    expect(history.days[0]!.teams).toHaveLength(10);
  });

  it('answers 404 for a league without a simulation, and skips a league without a model', async () => {
    const { service, stores } = setup();
    await expect(service.simulation('NOPE')).rejects.toBeInstanceOf(NotFoundError);
    stores.models.clear();
    expect(await service.refresh('SIM')).toBe('season simulation skipped: no model yet');
  });
});

/** A published forecast of a fixture (settled once the fixture has a score). */
const stored = (f: ProviderFixture): StoredPrediction => ({
  id: f.id,
  fixtureId: f.id,
  leagueId: 'SIM',
  leagueName: 'Sim League',
  homeTeam: f.homeTeam,
  awayTeam: f.awayTeam,
  kickoff: f.kickoff,
  probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
  overUnder25: { over: 0.5, under: 0.5 },
  valueBets: [],
  modelVersion: 'v',
  generatedAt: f.kickoff,
  ...(f.score ? { status: 'settled' as const, result: f.score } : { status: 'scheduled' as const }),
});

describe('team pages', () => {
  it("shows the rating line, the last ten results with our forecasts, next fixtures locked for visitors, and the team's simulation row", async () => {
    const { service, fixtures, predictions, clock } = setup();
    await service.refresh('SIM');
    const sim = await service.simulation('SIM');
    const team = sim.teams[0]!;
    const mine = fixtures().filter((f) => f.homeTeam === team.team || f.awayTeam === team.team);
    const lastPlayed = mine.filter((f) => f.status === 'finished').at(-1)!;
    const next = mine.find((f) => f.status === 'scheduled')!;
    predictions.push(stored(lastPlayed), stored(next));

    const page = await service.team(team.slug, null);
    expect(page).toMatchObject({ slug: team.slug, team: team.team, leagueId: 'SIM', league: 'Sim League' });
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toMatchObject({ date: lastPlayed.kickoff.slice(0, 10), fixtureId: lastPlayed.id, forecast: { home: 50, draw: 30, away: 20 } });
    expect(page.results.slice(1).every((r) => r.forecast === null)).toBe(true);
    expect(page.fixtures.map((f) => [f.fixtureId, f.isLocked, f.homeWinProb])).toEqual([[next.id, true, null]]);
    expect((await service.team(team.slug, premium)).fixtures[0]).toMatchObject({ isLocked: false, homeWinProb: 50 });
    expect(page.simulation).toMatchObject({ title: team.title, season: '2018-19', simulations: 2000 });
    expect(page.ratingHistory.length).toBeGreaterThan(10);
    expect(page.ratingHistory.at(-1)!.date <= clock.now().toISOString().slice(0, 10)).toBe(true);
    await expect(service.team('no-such-team', null)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reads a team's history once per cache lifetime, while each viewer still gets the fixtures their access allows", async () => {
    const { service, clock, historyReads, fixtures, predictions } = setup({ cacheTtlMs: 10_000 });
    await service.refresh('SIM');
    const team = (await service.simulation('SIM')).teams[0]!;
    const next = fixtures().find((f) => f.status === 'scheduled' && (f.homeTeam === team.team || f.awayTeam === team.team))!;
    predictions.push(stored(next));
    const first = await service.team(team.slug, null);
    const again = await service.team(team.slug, premium);
    expect(historyReads.count).toBe(1);
    expect(again.ratingHistory).toEqual(first.ratingHistory);
    expect(first.fixtures.map((f) => [f.fixtureId, f.isLocked, f.homeWinProb])).toEqual([[next.id, true, null]]);
    expect(again.fixtures.map((f) => [f.fixtureId, f.isLocked, f.homeWinProb])).toEqual([[next.id, false, 50]]);
    clock.advance(10_001);
    await service.team(team.slug, null);
    expect(historyReads.count).toBe(2);
    await expect(service.team('no-such-team', null)).rejects.toBeInstanceOf(NotFoundError);
  });
});
