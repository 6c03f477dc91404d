import type { ListedBookmaker } from '@app/model/bookmakers';
import { predictFixture, type LeagueModelState } from '@app/model/forecast';
import type { MarketMemory } from '@app/model/market-memory';
import { fixtureRefOf, type Origin, type StoredPrediction } from '../../predictions/prediction.ts';
import { booksOf, captureView, followFlags } from '../../predictions/value-flags.ts';
import { modelOdds, type ProviderFixture } from '../providers.ts';
import type { FixtureOdds } from '../../predictions/odds.ts';

/**
 * A stored prediction from a forecast (probabilities as fractions; the API shows percentages). Its
 * value flags are the capture's, followed on from `previous` (the stored prediction it replaces);
 * a backfilled one judges its quotes' age as of their capture.
 */
export function toStoredPrediction(
  f: ProviderFixture,
  leagueName: string,
  state: LeagueModelState,
  odds: FixtureOdds | undefined,
  generatedAt: Date,
  origin: Origin,
  { list, previous, memory }: { list?: readonly ListedBookmaker[]; previous?: StoredPrediction; memory?: MarketMemory } = {},
): StoredPrediction {
  const input = odds ? modelOdds(odds) : undefined;
  const fixture = { kickoff: f.kickoff, league: f.leagueId, home: f.homeTeam, away: f.awayTeam };
  // Without odds of its own, the market memory's forecast from earlier matches' prices (the model pools it with ours).
  const m = memory && !input?.home ? memory.forecast({ ...fixture, season: f.season, date: f.kickoff }).p : undefined;
  const forecast = predictFixture(state, {
    ...fixture,
    ...(input ? { odds: input } : {}),
    ...(m ? { memory: { home: m[0], draw: m[1], away: m[2], over25: m[3] } } : {}),
  });
  const scannedAt = origin === 'published' || !odds ? generatedAt : new Date(odds.capturedAt);
  const view = odds ? captureView(odds, scannedAt, list) : undefined;
  const { valueBets, valueHistory } = followFlags(previous, view?.flags ?? [], scannedAt);
  return {
    ...fixtureRefOf(f, leagueName),
    probabilities: forecast.probabilities,
    overUnder25: forecast.overUnder25,
    components: forecast.components,
    models: forecast.models,
    ...(forecast.market ? { market: forecast.market } : {}),
    ...(forecast.memory ? { memory: forecast.memory } : {}),
    forecastSource: forecast.source,
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
    ...(valueHistory.length ? { valueHistory } : {}),
    ...(view ? { valueScannedAt: scannedAt.toISOString() } : {}),
    ...(view ? booksOf(view, scannedAt) : {}),
    ...(odds && input ? { modelOdds: input } : {}),
    // staking: the declared books' best where the source names its books, else the source's best
    ...(view && Object.keys(view.best).length
      ? { bestOdds: view.best, bestBookmakers: view.bestBookmakers }
      : odds && input
        ? { bestOdds: odds.best, ...(odds.bestBookmakers ? { bestBookmakers: odds.bestBookmakers } : {}) }
        : {}),
    modelWeight: forecast.modelWeight,
    // Which code and which fit made it, so the track record can be audited.
    modelVersion: `${forecast.modelVersion}@${state.fittedAt}`,
    generatedAt: generatedAt.toISOString(),
    origin,
    status: 'scheduled',
  };
}
