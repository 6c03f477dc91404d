// Recorded matches (the research files' shape) served on a clock as a deployed stage's providers
// report them, for the tests that hold the generation pipeline against the `--deployed` backtest:
// a result two hours after kickoff, statistics `statsLagHours` after kickoff, pre-kickoff prices
// (Pinnacle's as the sharp book, the average, the best) until kickoff, and a history import with
// results and statistics but no prices, as a fixtures provider gives it.
import { kickoffOf, RESULT_DELAY_MS } from '@app/model/deployment';
import type { ParsedMatch, ThreeWayPrices, TwoWayPrices } from '@app/model/football-data';
import type { MatchRecord } from '@app/model/types';
import { HOUR_MS } from '../clock.ts';
import type { FixtureOdds } from '../predictions/odds.ts';
import type { FixtureProvider, League, OddsProvider, ProviderFixture } from '../pipeline/providers.ts';
import type { MarketOdds } from '../predictions/prediction.ts';
import { slug } from '../text.ts';

interface Recorded {
  id: string;
  match: ParsedMatch;
  kickoff: string;
  kickoffMs: number;
}

const market = (three: ThreeWayPrices | undefined, two: TwoWayPrices | undefined): MarketOdds => ({
  ...(three ? { home: three.home, draw: three.draw, away: three.away } : {}),
  ...(two ? { over25: two.over, under25: two.under } : {}),
});

/** A fixtures and an odds provider replaying recorded matches; the clock says what has happened. */
export class RecordedProvider implements FixtureProvider, OddsProvider {
  readonly name = 'recorded';
  private readonly recorded: Recorded[];

  constructor(
    matches: readonly ParsedMatch[],
    private readonly options: { leagues: League[]; now: () => Date; statsLagHours: number },
  ) {
    this.recorded = matches
      .map((match) => {
        const kickoff = kickoffOf(match);
        return { id: `rec-${match.league}-${kickoff}-${slug(match.home)}-${slug(match.away)}`, match, kickoff, kickoffMs: Date.parse(kickoff) };
      })
      .sort((a, b) => a.kickoffMs - b.kickoffMs);
  }

  async leagues(): Promise<League[]> {
    return this.options.leagues;
  }

  async fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const now = this.options.now().getTime();
    return this.of(leagueId)
      .filter((r) => r.kickoffMs >= from.getTime() && r.kickoffMs <= to.getTime())
      .map((r) => this.fixture(r, now));
  }

  async history(leagueId: string, before: Date): Promise<MatchRecord[]> {
    return this.of(leagueId)
      .filter((r) => r.kickoffMs + RESULT_DELAY_MS <= before.getTime())
      .map((r) => {
        const f = this.fixture(r, before.getTime());
        return {
          date: f.kickoff,
          league: leagueId,
          season: f.season,
          home: f.homeTeam,
          away: f.awayTeam,
          homeGoals: f.score!.home,
          awayGoals: f.score!.away,
          ...f.stats,
        };
      });
  }

  async odds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
    const now = this.options.now();
    const byId = new Map(this.of(leagueId).map((r) => [r.id, r]));
    const out = new Map<string, FixtureOdds>();
    for (const f of fixtures) {
      const r = byId.get(f.id);
      // Prices are captured before kickoff only.
      if (!r || r.kickoffMs <= now.getTime()) continue;
      const { pre, preOU } = r.match;
      const sharp = market(pre.ps, preOU.ps);
      out.set(f.id, {
        best: market(pre.max, preOU.max),
        average: market(pre.avg, preOU.avg),
        ...(Object.keys(sharp).length ? { sharp } : {}),
        capturedAt: now.toISOString(),
      });
    }
    return out;
  }

  private of(leagueId: string): Recorded[] {
    return this.recorded.filter((r) => r.match.league === leagueId);
  }

  private fixture(r: Recorded, now: number): ProviderFixture {
    const m = r.match;
    const f: ProviderFixture = {
      id: r.id,
      leagueId: m.league,
      season: m.season,
      kickoff: r.kickoff,
      homeTeam: m.home,
      awayTeam: m.away,
      status: now < r.kickoffMs ? 'scheduled' : now < r.kickoffMs + RESULT_DELAY_MS ? 'live' : 'finished',
    };
    if (f.status !== 'finished') return f;
    f.score = { home: m.homeGoals, away: m.awayGoals };
    if (now >= r.kickoffMs + this.options.statsLagHours * HOUR_MS) {
      f.stats = {
        ...(m.homeShots !== undefined ? { homeShots: m.homeShots, awayShots: m.awayShots } : {}),
        ...(m.homeShotsOnTarget !== undefined ? { homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget } : {}),
      };
    }
    return f;
  }
}
