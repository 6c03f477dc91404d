/** The composition root: the match pages and the sitemap. */
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeMatchService } from '@app/core/matches/service';
import { leaguePagesOf, makeSitemapService } from '@app/core/site/sitemap';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';
import { ledgerRepository } from './ledger.ts';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoSeasonRepository } from '@app/adapters/dynamodb/season-repository';

export const matchService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeMatchService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), history: new DynamoHistoryRepository(doc, config.TABLE_NAME), ledger: await ledgerRepository(), clock });
});

export const sitemapService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const pages = leaguePagesOf({ leagues: new DynamoLeagueRepository(doc, config.TABLE_NAME), seasons: new DynamoSeasonRepository(doc, config.TABLE_NAME) });
  return makeSitemapService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), pages, clock, origin: config.APP_ORIGIN });
});
