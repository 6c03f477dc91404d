import { slug } from '../../text.ts';
import type { HistoryRecord, StoredFixture } from '../ports.ts';
import { modelOdds, type ProviderFixture } from '../providers.ts';
import type { ClosingOdds, FixtureOdds } from '../../predictions/odds.ts';

/** The id of a played match in history: the same for an imported row and a settled fixture. */
export function historyId(leagueId: string, kickoff: string, home: string, away: string): string {
  return `${leagueId}-${kickoff.slice(0, 10)}-${slug(home)}-${slug(away)}`;
}

/**
 * A finished fixture as a history row the model trains on, with the odds captured before it when known, and its
 * closing prices (the sharp book's, else the average; read by the market memory only) when known.
 */
export function toHistoryRecord(f: StoredFixture | ProviderFixture, odds?: FixtureOdds, closing?: ClosingOdds): HistoryRecord {
  const o = odds ? modelOdds(odds) : undefined;
  const c = closing ? modelOdds(closing) : undefined;
  return {
    id: historyId(f.leagueId, f.kickoff, f.homeTeam, f.awayTeam),
    date: f.kickoff,
    league: f.leagueId,
    season: f.season,
    home: f.homeTeam,
    away: f.awayTeam,
    homeGoals: f.score!.home,
    awayGoals: f.score!.away,
    ...f.stats,
    ...(o ? { odds: { home: o.home, draw: o.draw, away: o.away, over25: o.over25, under25: o.under25 } } : {}),
    ...(c?.home && c.over25 ? { closingOdds: c } : {}),
  };
}
