/**
 * Factories of the public record, the match pages and the analytics (kept apart from the
 * composition root so each function's bundle holds only what its handler calls).
 */
import { DynamoAnalyticsRepository } from '@app/adapters/dynamodb/analytics-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAnalyticsJob, makeAnalyticsService } from '@app/core/analytics/service';
import { makeMatchService } from '@app/core/matches/service';
import { makeSitemapService } from '@app/core/site/sitemap';
import { makeResultsService } from '@app/core/results/service';
import { base } from './composition.ts';

function lazy<T>(build: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}

export const resultsService = /* @__PURE__ */ lazy(() =>
  makeResultsService({ predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME), clock: base().clock }),
);

export const matchService = /* @__PURE__ */ lazy(() =>
  makeMatchService({
    predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME),
    history: new DynamoHistoryRepository(base().doc, base().config.TABLE_NAME),
    clock: base().clock,
  }),
);

export const analyticsService = /* @__PURE__ */ lazy(() => makeAnalyticsService({ store: new DynamoAnalyticsRepository(base().doc, base().config.TABLE_NAME) }));

export const analyticsJob = /* @__PURE__ */ lazy(() =>
  makeAnalyticsJob({
    predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME),
    store: new DynamoAnalyticsRepository(base().doc, base().config.TABLE_NAME),
    clock: base().clock,
  }),
);

export const sitemapService = /* @__PURE__ */ lazy(() =>
  makeSitemapService({ predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME), clock: base().clock, origin: base().config.APP_ORIGIN }),
);
