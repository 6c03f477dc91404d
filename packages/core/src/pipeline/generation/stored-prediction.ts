import { findValueBets } from '@app/model/odds';
import { predictFixture, type LeagueModelState } from '@app/model/forecast';
import type { Origin, Selection, StoredPrediction } from '../../predictions/prediction.ts';
import { modelOdds, type FixtureOdds, type ProviderFixture } from '../providers.ts';

const valueMarket: Record<string, Selection> = { home: 'home', draw: 'draw', away: 'away', over: 'over25', under: 'under25' };

/** A stored prediction from a forecast (probabilities as fractions; the API shows percentages). */
export function toStoredPrediction(f: ProviderFixture, leagueName: string, state: LeagueModelState, odds: FixtureOdds | undefined, generatedAt: Date, origin: Origin): StoredPrediction {
  const input = odds ? modelOdds(odds) : undefined;
  const forecast = predictFixture(state, { kickoff: f.kickoff, league: f.leagueId, home: f.homeTeam, away: f.awayTeam, ...(input ? { odds: input } : {}) });
  const valueBets = findValueBets(forecast, odds?.best).map((v) => ({ market: valueMarket[v.selection]!, odds: v.odds, edge: v.edge }));
  return {
    id: f.id,
    fixtureId: f.id,
    leagueId: f.leagueId,
    leagueName,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    kickoff: f.kickoff,
    probabilities: forecast.probabilities,
    overUnder25: forecast.overUnder25,
    components: forecast.components,
    models: forecast.models,
    ...(forecast.market ? { market: forecast.market } : {}),
    insights: {
      expectedGoals: forecast.markets.expectedGoals,
      bothTeamsToScore: forecast.markets.btts.yes,
      topScores: forecast.markets.topScores,
      totals: forecast.markets.totals,
      scores: forecast.markets.scores,
      drawNoBet: forecast.markets.drawNoBet,
      asianHandicap: forecast.markets.asianHandicap,
    },
    valueBets,
    ...(odds && input ? { bestOdds: odds.best, modelOdds: input } : {}),
    ...(odds?.bestBookmakers ? { bestBookmakers: odds.bestBookmakers } : {}),
    modelWeight: forecast.modelWeight,
    // Which code and which fit made it, so the track record can be audited.
    modelVersion: `${forecast.modelVersion}@${state.fittedAt}`,
    generatedAt: generatedAt.toISOString(),
    origin,
    status: 'scheduled',
  };
}
