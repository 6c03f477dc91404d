/** The composition root: a subscriber's tracked bets (docs/decisions/0300-my-bets.md). */
import { DynamoFixtureRepository } from '@app/adapters/dynamodb/fixture-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoTrackedBetRepository } from '@app/adapters/dynamodb/tracked-bet-repository';
import { makeMyBetsService } from '@app/core/my-bets/service';
import { once, type Base } from './base.ts';
import { ledgerRepository } from './ledger.ts';
import { table } from './tables.ts';

export function buildTrackedBets(base: Base): DynamoTrackedBetRepository {
  return table(base, DynamoTrackedBetRepository);
}

export function buildMyBets(base: Base) {
  return once(base, buildMyBets, () =>
    makeMyBetsService({
      bets: buildTrackedBets(base),
      // the predictions, and through getValueOnly the flag-only records (docs/decisions/0297-results-for-flag-only-leagues.md)
      matches: table(base, DynamoPredictionRepository),
      ledger: ledgerRepository(base),
      snapshots: table(base, DynamoFixtureRepository),
      clock: base.clock,
    }),
  );
}
