import type { MatchIdentity } from '@app/contracts/match-identity';
import type { StoredPrediction } from '../predictions/prediction.ts';

/** Which match a stored prediction is about, as the match page and the results rows show it. */
export function matchIdentity(p: StoredPrediction): MatchIdentity {
  return {
    fixtureId: p.fixtureId,
    leagueId: p.leagueId,
    league: p.leagueName,
    homeTeam: p.homeTeam,
    awayTeam: p.awayTeam,
    matchTime: new Date(p.kickoff).toISOString(),
  };
}
