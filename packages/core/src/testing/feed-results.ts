// The odds feed's results in memory (the fake of `FeedResultsProvider`), for core's unit tests: the events it was
// given, as The Odds API's `/scores` reports them on the injected clock.
import { DAY_MS } from '../clock.ts';
import { ProviderRejectedError, ProviderUnavailableError, type FeedResultsProvider, type ProviderFixture } from '../pipeline/providers.ts';

/** One event of the feed: a fixture of a flag-only league, with its 90-minute score once completed. */
export interface FeedEvent {
  /** Our fixture id (as `OddsProvider.events` named it). */
  id: string;
  leagueId: string;
  kickoff: string;
  homeTeam: string;
  awayTeam: string;
  score?: { home: number; away: number };
}

export class FakeFeedResults implements FeedResultsProvider {
  readonly name = 'fake-feed';
  /** Every call made, in order (a league without a key is never called). */
  readonly calls: Array<{ leagueId: string; days: number }> = [];
  private readonly failures = new Map<string, 'down' | 'refused'>();

  constructor(
    private events: FeedEvent[],
    private readonly now: () => Date,
    /** The leagues the feed has a key for. */
    private readonly keyed: readonly string[] = [...new Set(events.map((e) => e.leagueId))],
  ) {}

  /** Replaces the events the feed reports (a match finished since). */
  serve(events: FeedEvent[]): void {
    this.events = events;
  }

  /** The league's calls fail from now on, or succeed again (`undefined`). */
  fail(leagueId: string, how: 'down' | 'refused' | undefined): void {
    if (how) this.failures.set(leagueId, how);
    else this.failures.delete(leagueId);
  }

  async results(leagueId: string, days: number): Promise<ProviderFixture[]> {
    if (!this.keyed.includes(leagueId)) return [];
    this.calls.push({ leagueId, days });
    const failure = this.failures.get(leagueId);
    if (failure === 'down') throw new ProviderUnavailableError(this.name, 'HTTP 503');
    if (failure === 'refused') throw new ProviderRejectedError(this.name, 'HTTP 401 OUT_OF_USAGE_CREDITS');
    const now = this.now().getTime();
    return this.events
      .filter((e) => e.leagueId === leagueId && Date.parse(e.kickoff) <= now && Date.parse(e.kickoff) >= now - days * DAY_MS)
      .map((e) => ({
        id: e.id,
        leagueId,
        season: '',
        kickoff: new Date(e.kickoff).toISOString(),
        homeTeam: e.homeTeam,
        awayTeam: e.awayTeam,
        status: e.score ? ('finished' as const) : ('live' as const),
        ...(e.score ? { score: e.score } : {}),
      }));
  }
}
