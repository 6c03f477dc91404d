// The behaviour every FeedResultsProvider must have (the odds feed's results of the flag-only leagues). Run against
// the fake (core's unit tests) and The Odds API adapter (against a fake of its server), with the same assertions.
import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../clock.ts';
import { ProviderRejectedError, ProviderUnavailableError, type FeedResultsProvider } from '../pipeline/providers.ts';
import type { FeedEvent } from './feed-results.ts';

/** The time the contract's calls are made at. */
export const FEED_NOW = new Date('2026-11-22T13:00:00Z');
/** A league the source has a key for, and one it has none for. */
export const FEED_LEAGUE = 'AUT';
const UNKEYED_LEAGUE = 'SC3';

/** A source under the contract, serving `events` at `FEED_NOW`. */
export interface FeedResultsHarness {
  results: FeedResultsProvider;
  /** How many calls reached the source. */
  calls(): number;
  /** The next calls fail: the source down (a 5xx) or refusing (a spent quota). */
  fail(how: 'down' | 'refused'): void;
}

const at = (hoursAgo: number) => new Date(FEED_NOW.getTime() - hoursAgo * HOUR_MS).toISOString();

/** The events every source serves: one finished two days ago, one still playing, one ahead, one finished four days ago. */
const FEED_EVENTS: FeedEvent[] = [
  { id: 'toa-e1', leagueId: FEED_LEAGUE, kickoff: at(48), homeTeam: 'Sturm Graz', awayTeam: 'Rapid Wien', score: { home: 2, away: 1 } },
  { id: 'toa-e2', leagueId: FEED_LEAGUE, kickoff: at(1), homeTeam: 'LASK', awayTeam: 'Austria Wien' },
  { id: 'toa-e3', leagueId: FEED_LEAGUE, kickoff: at(-3), homeTeam: 'Wolfsberger AC', awayTeam: 'Red Bull Salzburg' },
  { id: 'toa-e4', leagueId: FEED_LEAGUE, kickoff: at(96), homeTeam: 'Blau-Weiss Linz', awayTeam: 'WSG Tirol', score: { home: 0, away: 0 } },
];

export function feedResultsContract(name: string, make: (events: FeedEvent[]) => Promise<FeedResultsHarness>): void {
  describe(`FeedResultsProvider contract: ${name}`, () => {
    it('reports the fixtures that kicked off within the days asked: finished with the score once completed, live until then', async () => {
      const h = await make(FEED_EVENTS);
      const got = await h.results.results(FEED_LEAGUE, 3);
      expect(
        got.map((f) => ({ id: f.id, leagueId: f.leagueId, kickoff: f.kickoff, home: f.homeTeam, away: f.awayTeam, status: f.status, score: f.score })),
      ).toEqual([
        { id: 'toa-e1', leagueId: 'AUT', kickoff: at(48), home: 'Sturm Graz', away: 'Rapid Wien', status: 'finished', score: { home: 2, away: 1 } },
        { id: 'toa-e2', leagueId: 'AUT', kickoff: at(1), home: 'LASK', away: 'Austria Wien', status: 'live', score: undefined },
      ]);
      // one day back: the match of two days ago is out of reach
      expect((await h.results.results(FEED_LEAGUE, 1)).map((f) => f.id)).toEqual(['toa-e2']);
    });

    it('asks nothing for a league the source has no key for', async () => {
      const h = await make(FEED_EVENTS);
      expect(await h.results.results(UNKEYED_LEAGUE, 3)).toEqual([]);
      expect(h.calls()).toBe(0);
    });

    it('throws a provider outage when the source is down, a rejection when it refuses', async () => {
      const down = await make(FEED_EVENTS);
      down.fail('down');
      await expect(down.results.results(FEED_LEAGUE, 3)).rejects.toBeInstanceOf(ProviderUnavailableError);
      const refused = await make(FEED_EVENTS);
      refused.fail('refused');
      await expect(refused.results.results(FEED_LEAGUE, 3)).rejects.toBeInstanceOf(ProviderRejectedError);
    });
  });
}
