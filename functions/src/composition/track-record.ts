/**
 * The composition root: the track record. One ledger (ledger.ts) and every view of it: the
 * headline and trend the metrics job stores, the digests it seals, the subscriber's export and
 * analytics, the public results, the staff's tracking and corrections
 * (docs/decisions/0133-one-track-record.md).
 */
import { DynamoAnalyticsRepository } from '@app/adapters/dynamodb/analytics-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAnalyticsService, makeForecastQualityJob } from '@app/core/analytics/service';
import { makeLedgerSealer, makeLedgerService, makeLedgerVerifier, makeTrackRecordViews } from '@app/core/ledger/service';
import { makeResultsService } from '@app/core/results/service';
import { makeTrackingService } from '@app/core/tracking/service';
import { memoAsync } from '@app/platform/memo';
import { afterwards, base } from './base.ts';
import { ledgerRepository } from './ledger.ts';
import { metricsService } from './public-reads.ts';

export const ledgerService = /* @__PURE__ */ memoAsync(async () => makeLedgerService({ ledger: await ledgerRepository(), clock: (await base()).clock }));

/** The stored headline and trend; readers in this process see a recomputation at once, other containers within READ_CACHE_SECONDS. */
export const trackRecordViews = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const metrics = new DynamoMetricsRepository(doc, config.TABLE_NAME);
  const reads = await metricsService();
  return makeTrackRecordViews({ ledger: await ledgerRepository(), store: { saveLatest: afterwards(metrics.saveLatest.bind(metrics), () => reads.invalidate()) }, clock });
});

export const ledgerSealer = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const jobs = new DynamoJobRepository(doc, config.TABLE_NAME);
  return makeLedgerSealer({ ledger: await ledgerRepository(), clock, generationRunning: async () => (await jobs.lockHolder('generate', clock.now())) !== undefined });
});

export const ledgerVerifier = /* @__PURE__ */ memoAsync(async () => makeLedgerVerifier({ ledger: await ledgerRepository(), clock: (await base()).clock }));

export const forecastQualityJob = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeForecastQualityJob({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), ledger: await ledgerRepository(), store: new DynamoAnalyticsRepository(doc, config.TABLE_NAME), clock });
});

export const analyticsService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeAnalyticsService({ ledger: await ledgerRepository(), quality: new DynamoAnalyticsRepository(doc, config.TABLE_NAME), clock });
});

export const resultsService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  return makeResultsService({ predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), ledger: await ledgerRepository(), clock });
});

export const trackingService = /* @__PURE__ */ memoAsync(async () => makeTrackingService({ ledger: await ledgerRepository(), clock: (await base()).clock }));
