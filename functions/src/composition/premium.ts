/** The composition root, part 9: the public record, the match pages, the analytics and the sitemap. */
import { DynamoAnalyticsRepository } from '@app/adapters/dynamodb/analytics-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAnalyticsJob, makeAnalyticsService } from '@app/core/analytics/service';
import { makeMatchService } from '@app/core/matches/service';
import { makeResultsService } from '@app/core/results/service';
import { makeSitemapService } from '@app/core/site/sitemap';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';

export const resultsService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeResultsService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), clock });
});

export const matchService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeMatchService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), history: new DynamoHistoryRepository(doc, config.TABLE_NAME), clock });
});

export const analyticsService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return makeAnalyticsService({ store: new DynamoAnalyticsRepository(doc, config.TABLE_NAME) });
});

export const analyticsJob = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeAnalyticsJob({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), store: new DynamoAnalyticsRepository(doc, config.TABLE_NAME), clock });
});

export const sitemapService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeSitemapService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), clock, origin: config.APP_ORIGIN });
});
