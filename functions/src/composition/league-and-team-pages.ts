/** The composition root: the league and team pages' reads (the season step is the pipeline's). */
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';
import { makeSeasonService } from '@app/core/seasons/service';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';

export const seasonService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeSeasonService({
    history: new DynamoHistoryRepository(doc, config.TABLE_NAME),
    leagues: new DynamoLeagueRepository(doc, config.TABLE_NAME),
    seasons: new DynamoSeasonRepository(doc, config.TABLE_NAME),
    predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME),
    clock,
  });
});
