/** The composition root: the league and team pages' reads (the season step is the pipeline's). */
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { makeSeasonService } from '@app/core/seasons/service';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { once, type Base } from './base.ts';
import { table } from './tables.ts';

export function buildSeasons(base: Base) {
  return once(base, buildSeasons, () =>
    makeSeasonService({
      history: table(base, DynamoHistoryRepository),
      leagues: table(base, DynamoLeagueRepository),
      seasons: table(base, DynamoSeasonRepository),
      predictions: table(base, DynamoPredictionRepository),
      clock: base.clock,
      cacheTtlMs: base.config.READ_CACHE_SECONDS * 1000,
    }),
  );
}
