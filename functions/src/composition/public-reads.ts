/** The composition root: the read side (public reads with their in-process cache, health). */
import { makeTableProbe } from '@app/adapters/dynamodb/health';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeMetricsService } from '@app/core/metrics/service';
import { makePredictionService } from '@app/core/predictions/service';
import { memoAsync } from '@app/platform/memo';
import { base } from './base.ts';

export const tableProbe = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return makeTableProbe(doc, config.TABLE_NAME);
});

export const predictionService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makePredictionService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), clock, cacheTtlMs: config.READ_CACHE_SECONDS * 1000 });
});

export const metricsService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeMetricsService({ metrics: new DynamoMetricsRepository(doc, config.TABLE_NAME), clock, cacheTtlMs: config.READ_CACHE_SECONDS * 1000 });
});
