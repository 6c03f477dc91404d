import type { MatchRecord } from '@app/model/types';
import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import type { StoredTrackedBet } from '../my-bets/bet.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { makeGenerationService } from './generation.ts';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type FixtureProvider,
  type MatchStats,
  type OddsProvider,
  type ProviderFixture,
} from './providers.ts';

const NOW = '2026-11-22T12:00:00Z';

/** A subscriber's open 1X2 bet of 10 at 2.05. */
const trackedBet = (userId: string, fixtureId: string, selection: 'home' | 'draw' | 'away', kickoff: string): StoredTrackedBet => ({
  userId,
  id: `${fixtureId}-bet00001`,
  fixtureId,
  leagueId: 'L1',
  leagueName: 'League One',
  homeTeam: 'Alpha',
  awayTeam: 'Bravo',
  kickoff,
  market: '1x2',
  selection,
  line: null,
  price: 2.05,
  bookmaker: null,
  stake: 10,
  placedAt: NOW,
  createdAt: NOW,
});
const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

/** A synthetic league: a match every 1.75 days for three and a half years up to a week ahead, played two hours after kickoff. */
function world(start: number, now: () => number): () => ProviderFixture[] {
  const base: Array<ProviderFixture & { score: { home: number; away: number } }> = [];
  let t = start - 3.5 * 365 * DAY_MS;
  for (let n = 0; t < start + 9 * DAY_MS; n++, t += 1.75 * DAY_MS) {
    const season = `${new Date(t).getUTCFullYear() - (new Date(t).getUTCMonth() < 7 ? 1 : 0)}`;
    const [home, away] = [clubs[n % 6]!, clubs[(n + 1 + (Math.floor(n / 6) % 5)) % 6]!];
    base.push({
      id: `f${n}`,
      leagueId: 'L1',
      season,
      kickoff: new Date(t).toISOString(),
      homeTeam: home,
      awayTeam: away,
      status: 'scheduled',
      score: { home: (n * 7) % 4, away: (n * 3) % 3 },
    });
  }
  return () => base.map(({ score, ...f }) => (Date.parse(f.kickoff) + 2 * 3_600_000 < now() ? { ...f, status: 'finished' as const, score } : f));
}

/** Every fixture priced alike: the away side a clear favourite, with a closing line that moved towards it. */
const pricedEverywhere: OddsProvider = {
  name: 'fixed',
  odds: async (_league, fixtures) =>
    new Map(
      fixtures.map((f) => [
        f.id,
        {
          best: { home: 7.0, draw: 4.8, away: 1.85, over25: 2.0, under25: 1.9 },
          average: { home: 6.5, draw: 4.5, away: 1.45, over25: 1.9, under25: 1.85 },
          capturedAt: f.kickoff,
        },
      ]),
    ),
  closingOdds: async (_league, fixtures) =>
    new Map(fixtures.map((f) => [f.id, { sharp: { home: 7.2, draw: 4.7, away: 1.42, over25: 1.95, under25: 1.92 }, capturedAt: f.kickoff }])),
};

/**
 * The generation service over in-memory ports; `failAfterWrites` makes the prediction store die (a
 * killed consumer); `provider` replaces parts of the synthetic provider; `statuses` overrides the
 * status of some fixtures; `odds` prices them.
 */
function setup(
  options: {
    failAfterWrites?: number;
    provider?: (all: () => ProviderFixture[]) => Partial<FixtureProvider>;
    statuses?: Map<string, ProviderFixture['status']>;
    odds?: OddsProvider;
  } = {},
) {
  const clock = fixedClock(NOW);
  const played = world(clock.now().getTime(), () => clock.now().getTime());
  const all = () =>
    played().map((f) => {
      const status = options.statuses?.get(f.id);
      if (!status) return f;
      const { score: _score, ...rest } = f;
      return status === 'finished' ? f : { ...rest, status };
    });
  const league = { id: 'L1', name: 'League One', country: 'Nowhere' };
  const stores = inMemoryPipeline({ leagues: [league], ...(options.failAfterWrites !== undefined ? { failAfterWrites: options.failAfterWrites } : {}) });
  const provider: FixtureProvider = {
    name: 'synthetic',
    leagues: async () => [league],
    fixtures: async (_league, from, to) => all().filter((f) => Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime()),
    history: async (id, before): Promise<MatchRecord[]> =>
      all()
        .filter((f) => f.score && Date.parse(f.kickoff) < before.getTime())
        .map((f) => ({
          date: f.kickoff,
          league: id,
          season: f.season,
          home: f.homeTeam,
          away: f.awayTeam,
          homeGoals: f.score!.home,
          awayGoals: f.score!.away,
        })),
    ...options.provider?.(all),
  };
  const service = makeGenerationService({
    fixturesProvider: provider,
    oddsProvider: options.odds ?? { name: 'none', odds: async () => new Map() },
    ...stores.ports,
    clock,
  });
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

  it("records each prediction's origin and its ledger entries' basis: back-tested for the past days of a first run, written now and settled with their closing price; published for the week ahead", async () => {
    // Act
    const { service, predictions } = setup({ odds: pricedEverywhere });
    await service.generate('L1');

    // Assess
    const now = Date.parse(NOW);
    const rows = [...predictions.values()];
    const past = rows.filter((r) => Date.parse(r.prediction.kickoff) <= now);
    const ahead = rows.filter((r) => Date.parse(r.prediction.kickoff) > now);
    expect(past.flatMap((r) => r.entries).length).toBeGreaterThan(0);
    expect(ahead.flatMap((r) => r.entries).length).toBeGreaterThan(0);
    for (const r of past) {
      expect(r.prediction.origin).toBe('backfilled');
      for (const e of r.entries) {
        expect(e).toMatchObject({ basis: 'backtest', recordedAt: NOW.replace('Z', '.000Z') });
        expect(e.forecastAt < e.kickoff).toBe(true);
        if (r.prediction.status === 'settled') expect(e.closing).toMatchObject({ source: 'pinnacle' });
      }
    }
    for (const r of ahead) {
      expect(r.prediction.origin).toBe('published');
      for (const e of r.entries) expect(e).toMatchObject({ basis: 'published', forecastAt: NOW.replace('Z', '.000Z'), price: expect.any(Number) });
    }
  });

  it("never replaces a published entry: tomorrow's run keeps today's price, and the result adds the closing price", async () => {
    const { service, clock, predictions, trackedBets } = setup({ odds: pricedEverywhere });
    await service.generate('L1');
    const firstEntries = [...predictions.values()].filter((r) => r.prediction.origin === 'published').flatMap((r) => r.entries);
    expect(firstEntries.length).toBeGreaterThan(0);
    // A subscriber took the first published entry's selection at a price of their own.
    const taken = firstEntries.find((e) => e.market === '1x2')!;
    await trackedBets.add([trackedBet('u1', taken.fixtureId, taken.selection as 'home' | 'draw' | 'away', taken.kickoff)]);
    clock.advance(DAY_MS);
    await service.generate('L1');
    clock.advance(DAY_MS);
    await service.ingestResults('L1');
    // Settled as the ledger's entry was, at the same closing price.
    const entry = predictions.get(taken.fixtureId)!.entries.find((e) => e.id === taken.id)!;
    const bet = (await trackedBets.listByUser('u1'))[0]!;
    expect(bet).toMatchObject({ result: entry.result, closing: entry.closing, profit: entry.result === 'won' ? 10.5 : -10 });
    for (const first of firstEntries) {
      const now = predictions.get(first.fixtureId)!.entries.find((e) => e.id === first.id)!;
      expect({ ...now, result: undefined, score: undefined, settledAt: undefined, profit: undefined, closing: undefined }).toEqual({
        ...first,
        result: undefined,
        score: undefined,
        settledAt: undefined,
        profit: undefined,
        closing: undefined,
      });
      if (now.result === 'won' || now.result === 'lost') expect(now.closing).toMatchObject({ price: expect.any(Number), source: 'pinnacle' });
    }
    expect(firstEntries.some((e) => predictions.get(e.fixtureId)!.entries.find((x) => x.id === e.id)!.result)).toBe(true);
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

  it('keeps a postponed fixture pending, settles it once it is played, and voids a cancelled one', async () => {
    // Prepare: the first run predicts the week ahead; two of those fixtures are then postponed and called off.
    const statuses = new Map<string, ProviderFixture['status']>();
    const { service, clock, predictions, trackedBets } = setup({ statuses });
    await service.generate('L1');
    const ahead = [...predictions.values()]
      .map((p) => p.prediction)
      .filter((p) => Date.parse(p.kickoff) > Date.parse(NOW))
      .sort((a, b) => a.kickoff.localeCompare(b.kickoff));
    const [postponed, cancelled] = [ahead[0]!, ahead[1]!];
    statuses.set(postponed.fixtureId, 'postponed');
    statuses.set(cancelled.fixtureId, 'cancelled');
    await trackedBets.add([trackedBet('u1', postponed.fixtureId, 'home', postponed.kickoff), trackedBet('u1', cancelled.fixtureId, 'home', cancelled.kickoff)]);
    clock.set(new Date(Date.parse(cancelled.kickoff) + 3 * 3_600_000).toISOString());

    // Act
    const first = await service.ingestResults('L1');
    const whilePostponed = predictions.get(postponed.fixtureId)!;
    const betsWhilePostponed = await trackedBets.listByUser('u1');
    statuses.delete(postponed.fixtureId);
    const second = await service.ingestResults('L1');

    // Assess
    expect(first).toMatch(/1 voided/);
    expect(whilePostponed.prediction.status).toBe('scheduled');
    expect(whilePostponed.entries.every((e) => e.result === undefined)).toBe(true);
    expect(predictions.get(cancelled.fixtureId)?.prediction).toMatchObject({ status: 'void', actualResult: 'Cancelled' });
    expect(second).toMatch(/[1-9]\d* settled/);
    expect(predictions.get(postponed.fixtureId)?.prediction.status).toBe('settled');
    // Tracked bets alike: the postponed match's stays open, the called-off one's is void (stake back), then the played one settles.
    expect(betsWhilePostponed.find((b) => b.fixtureId === postponed.fixtureId)?.result).toBeUndefined();
    expect(betsWhilePostponed.find((b) => b.fixtureId === cancelled.fixtureId)).toMatchObject({ result: 'void', profit: 0 });
    expect((await trackedBets.listByUser('u1')).find((b) => b.fixtureId === postponed.fixtureId)?.result).toMatch(/^(won|lost)$/);
  });

  it('reads the statistics of newly finished fixtures once, and adds them to the history with the result', async () => {
    // Prepare
    const asked: string[][] = [];
    const statistics = async (_league: string, list: ProviderFixture[]) => {
      asked.push(list.map((f) => f.id));
      return new Map<string, MatchStats>(list.map((f, i) => [f.id, { homeShots: 10 + i, awayShots: 8, homeShotsOnTarget: 4, awayShotsOnTarget: 3 }]));
    };
    const { service, clock, history, all } = setup({ provider: () => ({ statistics }) });
    await service.generate('L1');
    clock.advance(2 * DAY_MS);

    // Act
    await service.ingestResults('L1');
    await service.ingestResults('L1');

    // Assess: one call, for the matches played since the first run; never again for the same ones.
    expect(asked).toHaveLength(1);
    const read = all().filter((f) => asked[0]!.includes(f.id));
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((f) => f.status === 'finished' && Date.parse(f.kickoff) > Date.parse(NOW) - 2 * 3_600_000)).toBe(true);
    for (const f of read) {
      expect([...history.values()].find((r) => r.date === f.kickoff && r.home === f.homeTeam)).toMatchObject({
        awayShots: 8,
        homeShotsOnTarget: 4,
        awayShotsOnTarget: 3,
      });
    }
  });

  it('adds each newly finished match to the history with its closing prices (the market memory reads them), the sharp book where complete', async () => {
    const { service, clock, history } = setup({ odds: pricedEverywhere });
    await service.generate('L1');
    const before = new Set(history.keys());
    clock.advance(2 * DAY_MS);
    await service.ingestResults('L1');

    const added = [...history.entries()].filter(([id]) => !before.has(id)).map(([, r]) => r);
    expect(added.length).toBeGreaterThan(0);
    for (const r of added) {
      expect(r.closingOdds).toEqual({ home: 7.2, draw: 4.7, away: 1.42, over25: 1.95, under25: 1.92 });
      // the model's own pre-kickoff odds stay the prices captured before kickoff
      expect(r.odds).toEqual({ home: 6.5, draw: 4.5, away: 1.45, over25: 1.9, under25: 1.85 });
    }
  });

  it('settles results when the statistics provider is down, and adds the matches to the history on the next run', async () => {
    // Prepare
    let down = true;
    const statistics = async (_league: string, list: ProviderFixture[]) => {
      if (down) throw new ProviderUnavailableError('synthetic', 'HTTP 503');
      return new Map<string, MatchStats>(list.map((f) => [f.id, { homeShots: 12, awayShots: 9 }]));
    };
    const { service, clock, history, fixtures, predictions } = setup({ provider: () => ({ statistics }) });
    await service.generate('L1');
    const sizeBefore = history.size;
    const settledBefore = new Set([...predictions.values()].filter((p) => p.prediction.status === 'settled').map((p) => p.prediction.fixtureId));
    clock.advance(2 * DAY_MS);

    // Act
    const outage = await service.ingestResults('L1');
    const whileDown = history.size;
    down = false;
    const recovered = await service.ingestResults('L1');

    // Assess
    const played = [...predictions.values()].filter((p) => p.prediction.status === 'settled' && !settledBefore.has(p.prediction.fixtureId));
    expect(played.length).toBeGreaterThan(0);
    expect(outage).toMatch(
      new RegExp(`${played.length} settled, 0 voided, 0 added to history, ${played.length} waiting for match statistics \\(synthetic: HTTP 503\\)`),
    );
    expect(whileDown).toBe(sizeBefore);
    expect(recovered).toMatch(new RegExp(`0 settled, 0 voided, ${played.length} added to history$`));
    expect(history.size).toBe(sizeBefore + played.length);
    expect([...fixtures.values()].some((f) => f.statisticsPending)).toBe(false);
    expect([...history.values()].filter((r) => r.homeShots === 12)).toHaveLength(played.length);
  });

  it('a first run stopped by a spent daily quota keeps what it read; the next run continues from there and completes', async () => {
    // Prepare: a provider that reads the four latest seasons, 40 matches per request, with 10 requests a day.
    const day = { left: 10, requests: 0 };
    const provider = (all: () => ProviderFixture[]): Partial<FixtureProvider> => ({
      history: async (league, before, progress) => {
        const known = new Set(progress?.known.map((r) => `${r.date}|${r.home}`));
        const finished = all().filter((f) => f.score && Date.parse(f.kickoff) < before.getTime());
        const seasons = [...new Set(finished.map((f) => f.season))].sort().slice(-4);
        const played = finished.filter((f) => seasons.includes(f.season));
        const out: MatchRecord[] = [];
        const toRead = played.filter((f) => !known.has(`${f.kickoff}|${f.homeTeam}`));
        for (let i = 0; i < toRead.length; i += 40) {
          if (day.left === 0) throw new ProviderRejectedError('synthetic', 'daily request quota spent');
          day.left -= 1;
          day.requests += 1;
          const batch = toRead.slice(i, i + 40).map((f) => ({
            date: f.kickoff,
            league,
            season: f.season,
            home: f.homeTeam,
            away: f.awayTeam,
            homeGoals: f.score!.home,
            awayGoals: f.score!.away,
          }));
          await progress?.save(batch);
          out.push(...batch);
        }
        return [...(progress?.known ?? []), ...out];
      },
    });
    const uninterrupted = setup();
    await uninterrupted.service.generate('L1');
    const limited = setup({ provider });

    // Act
    const stopped = await limited.service.generate('L1').catch((e: unknown) => e);
    const keptAfterStop = limited.history.size;
    day.left = 10;
    const summary = await limited.service.generate('L1');

    // Assess: nothing read twice, nothing published from a partial history, the end state of an uninterrupted run.
    expect(stopped).toBeInstanceOf(ProviderRejectedError);
    expect(keptAfterStop).toBe(10 * 40);
    expect(day.requests).toBe(Math.ceil(uninterrupted.history.size / 40));
    expect(summary).toMatch(/backfilled/);
    expect([...limited.history.values()]).toEqual([...uninterrupted.history.values()]);
    expect(limited.models.get('L1')).toEqual(uninterrupted.models.get('L1'));
  }, 60_000);

  it('a match first seen finished by a daily generation (its results run failed) still joins the history on the next results run', async () => {
    // Prepare
    const { service, clock, history, all } = setup();
    await service.generate('L1');
    clock.advance(DAY_MS);

    // Act: the day's generation runs before any results run.
    await service.generate('L1');
    await service.ingestResults('L1');

    // Assess
    const played = all().filter((f) => f.status === 'finished' && Date.parse(f.kickoff) > Date.parse(NOW) - 2 * 3_600_000);
    expect(played.length).toBeGreaterThan(0);
    for (const f of played)
      expect(
        [...history.values()].some((r) => r.date === f.kickoff && r.home === f.homeTeam),
        f.id,
      ).toBe(true);
  });
});
