import { describe, expect, it } from 'vitest';
import { fixedClock, HOUR_MS } from '../clock.ts';
import type { StoredTrackedBet } from '../my-bets/bet.ts';
import { FakeFeedResults, type FeedEvent } from '../testing/feed-results.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { ledgerEntry } from '../testing/ledger-entries.ts';
import type { League } from './providers.ts';
import { blankValueOnly } from './value-only.ts';
import { makeFlagOnlyResults } from './value-only-results.ts';

const NOW = new Date('2026-11-22T13:00:00Z');
const AUT: League = { id: 'AUT', name: 'Bundesliga', country: 'Austria' };
const DNK: League = { id: 'DNK', name: 'Superliga', country: 'Denmark' };
const NOR: League = { id: 'NOR', name: 'Eliteserien', country: 'Norway' };
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR_MS).toISOString();

/** A flag-only record flagged on home at 2.25 before kickoff, stored with its open value entry as the scan writes it. */
function flagged(pipeline: ReturnType<typeof inMemoryPipeline>, id: string, league: League, kickoff: string) {
  const fixture = { id, leagueId: league.id, leagueName: league.name, homeTeam: `${id} home`, awayTeam: `${id} away`, kickoff };
  const prediction = { ...blankValueOnly(fixture, new Date(Date.parse(kickoff) - 5 * HOUR_MS)), valueScannedAt: ago(30) };
  const entry = ledgerEntry({
    fixtureId: id,
    leagueId: league.id,
    kickoff,
    kind: 'value',
    selection: 'home',
    price: 2.25,
    probability: 0.5,
    fairProbability: 0.5,
    stakeKelly: 0.25,
    modelVersion: 'value-only',
    result: undefined,
    score: undefined,
    settledAt: undefined,
    profit: undefined,
    closing: undefined,
  });
  const { corrections: _none, ...stored } = entry;
  pipeline.valueOnly.set(id, { prediction, entries: [stored] });
}

function run(pipeline: ReturnType<typeof inMemoryPipeline>, feed: FakeFeedResults, leagues: League[], now = NOW) {
  return makeFlagOnlyResults({
    results: feed,
    oddsProvider: {},
    predictions: pipeline.ports.predictions,
    fixtures: pipeline.ports.fixtures,
    ledger: pipeline.ports.ledger,
    trackedBets: pipeline.trackedBets,
    leagues,
    clock: fixedClock(now.toISOString()),
  }).settle();
}

describe('results for the flag-only leagues (docs/decisions/0297-results-for-flag-only-leagues.md)', () => {
  it("settles a record the feed reports completed: its score, its value entry's result, profit and closing line value, the bets taken on it; a match still playing waits", async () => {
    const pipeline = inMemoryPipeline({ leagues: [] });
    flagged(pipeline, 'toa-1', AUT, ago(26));
    flagged(pipeline, 'toa-2', AUT, ago(2));
    // kicked off an hour ago: not over yet, so not waiting (its league is not asked for it)
    flagged(pipeline, 'toa-3', AUT, ago(1));
    // the closing price: the snapshot taken before kickoff (the sharp book's 2.00 / 3.60 / 4.00)
    await pipeline.ports.fixtures.saveClosingSnapshot('toa-1', { sharp: { home: 2.0, draw: 3.6, away: 4.0 }, capturedAt: ago(26.2) });
    const bet: StoredTrackedBet = {
      userId: 'u1',
      id: 'toa-1-bet00001',
      fixtureId: 'toa-1',
      leagueId: 'AUT',
      leagueName: 'Bundesliga',
      homeTeam: 'toa-1 home',
      awayTeam: 'toa-1 away',
      kickoff: ago(26),
      market: '1x2',
      selection: 'home',
      line: null,
      price: 2.2,
      bookmaker: null,
      stake: 10,
      placedAt: ago(30),
      createdAt: ago(30),
    };
    await pipeline.trackedBets.add([bet]);
    const events: FeedEvent[] = [
      { id: 'toa-1', leagueId: 'AUT', kickoff: ago(26), homeTeam: 'toa-1 home', awayTeam: 'toa-1 away', score: { home: 2, away: 1 } },
      { id: 'toa-2', leagueId: 'AUT', kickoff: ago(2), homeTeam: 'toa-2 home', awayTeam: 'toa-2 away' },
      { id: 'toa-3', leagueId: 'AUT', kickoff: ago(1), homeTeam: 'toa-3 home', awayTeam: 'toa-3 away' },
    ];
    let feedNow = NOW;
    const feed = new FakeFeedResults(events, () => feedNow);

    expect(await run(pipeline, feed, [AUT])).toBe('1 flag-only fixture(s) settled of 2 waiting, 1 tracked bet(s) settled');
    // one call for the league, reaching back to its oldest record waiting (26 hours: 2 days)
    expect(feed.calls).toEqual([{ leagueId: 'AUT', days: 2 }]);
    const settled = pipeline.valueOnly.get('toa-1')!;
    expect(settled.prediction).toMatchObject({ status: 'settled', result: { home: 2, away: 1 }, actualResult: expect.any(String), valueOnly: true });
    const [entry] = settled.entries;
    expect(entry).toMatchObject({ result: 'won', score: { home: 2, away: 1 }, settledAt: NOW.toISOString(), profit: { flat: 1.25 } });
    // closing line value against the sharp closing price, its margin removed: 2.25 x 0.48 - 1 > 0
    expect(entry!.closing!.fairProbability).toBeGreaterThan(0.47);
    expect(entry!.closing!.fairProbability).toBeLessThan(0.5);
    expect(await pipeline.trackedBets.get('u1', 'toa-1-bet00001')).toMatchObject({ result: 'won' });
    // the match still playing is left open, and asked about again next run
    expect(pipeline.valueOnly.get('toa-2')!.prediction.status).toBe('scheduled');
    expect(pipeline.valueOnly.get('toa-2')!.entries[0]!.result).toBeUndefined();

    feedNow = new Date(NOW.getTime() + 2 * HOUR_MS);
    feed.serve([events[0]!, { ...events[1]!, score: { home: 0, away: 0 } }, events[2]!]);
    expect(await run(pipeline, feed, [AUT], feedNow)).toBe('1 flag-only fixture(s) settled of 2 waiting');
    expect(pipeline.valueOnly.get('toa-3')!.prediction.status).toBe('scheduled');
    expect(feed.calls).toEqual([
      { leagueId: 'AUT', days: 2 },
      { leagueId: 'AUT', days: 1 },
    ]);
    expect(pipeline.valueOnly.get('toa-2')!.entries[0]).toMatchObject({ result: 'lost', profit: { flat: -1 } });
    // without a closing snapshot, no closing line value: settled all the same
    expect(pipeline.valueOnly.get('toa-2')!.entries[0]!.closing).toBeUndefined();
  });

  it('a league whose call fails waits for the next run while the others settle; a league with nothing waiting is not asked', async () => {
    const pipeline = inMemoryPipeline({ leagues: [] });
    flagged(pipeline, 'toa-a', AUT, ago(3));
    flagged(pipeline, 'toa-d', DNK, ago(3));
    const events: FeedEvent[] = [
      { id: 'toa-a', leagueId: 'AUT', kickoff: ago(3), homeTeam: 'a', awayTeam: 'b', score: { home: 0, away: 1 } },
      { id: 'toa-d', leagueId: 'DNK', kickoff: ago(3), homeTeam: 'c', awayTeam: 'd', score: { home: 1, away: 1 } },
    ];
    const feed = new FakeFeedResults(events, () => NOW, ['AUT', 'DNK', 'NOR']);
    feed.fail('AUT', 'down');

    expect(await run(pipeline, feed, [AUT, DNK, NOR])).toBe('1 flag-only fixture(s) settled of 2 waiting; failed: AUT (asked again next run)');
    expect(pipeline.valueOnly.get('toa-a')!.prediction.status).toBe('scheduled');
    expect(pipeline.valueOnly.get('toa-d')!.entries[0]!.result).toBe('lost');
    expect(feed.calls.map((c) => c.leagueId)).toEqual(['AUT', 'DNK']);

    feed.fail('AUT', undefined);
    expect(await run(pipeline, feed, [AUT, DNK, NOR])).toBe('1 flag-only fixture(s) settled of 1 waiting');
    expect(pipeline.valueOnly.get('toa-a')!.entries[0]!.result).toBe('lost');
    expect(feed.calls.map((c) => c.leagueId)).toEqual(['AUT', 'DNK', 'AUT']);
  });
});
