import type { LeagueModelState } from '@app/model/forecast';
import type { MarketMemory } from '@app/model/market-memory';
import { ledgerEntriesOf } from '../../ledger/entry.ts';
import type { FixtureOdds } from '../../predictions/odds.ts';
import type { ProviderFixture } from '../providers.ts';
import type { StepDeps } from './deps.ts';
import { toStoredPrediction } from './stored-prediction.ts';

/**
 * Predicts each upcoming fixture (one without odds from the market memory, when the league has one) and writes the prediction with its ledger entries as published.
 * Predictions freeze at kickoff: the store refuses one whose stored prediction has kicked off, and
 * the count is of those written.
 */
export async function publishUpcoming(
  deps: StepDeps,
  upcoming: ProviderFixture[],
  name: string,
  state: LeagueModelState,
  odds: Map<string, FixtureOdds>,
  now: Date,
  memory?: MarketMemory,
): Promise<number> {
  let predicted = 0;
  for (const f of upcoming) {
    const previous = await deps.predictions.get(f.id);
    const prediction = toStoredPrediction(f, name, state, odds.get(f.id), now, 'published', {
      ...(deps.oddsProvider.bookmakers ? { list: deps.oddsProvider.bookmakers } : {}),
      ...(previous ? { previous } : {}),
      ...(memory ? { memory } : {}),
    });
    if (await deps.predictions.write(prediction, ledgerEntriesOf(prediction, 'published', now), { now })) predicted += 1;
  }
  return predicted;
}
