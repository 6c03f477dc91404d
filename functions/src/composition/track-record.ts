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
import { afterwards, once, type Base } from './base.ts';
import { ledgerRepository } from './ledger.ts';
import { buildMetrics } from './public-reads.ts';
import { table } from './tables.ts';

/** The subscriber's ledger, its digests and losing runs. */
export function buildLedger(base: Base) {
  return once(base, buildLedger, () => makeLedgerService({ ledger: ledgerRepository(base), clock: base.clock }));
}

/** The stored headline and trend; readers in this process see a recomputation at once, other containers within READ_CACHE_SECONDS. */
export function buildTrackRecordViews(base: Base) {
  return once(base, buildTrackRecordViews, () => {
    const metrics = table(base, DynamoMetricsRepository);
    const reads = buildMetrics(base);
    return makeTrackRecordViews({
      ledger: ledgerRepository(base),
      store: { saveLatest: afterwards(metrics.saveLatest.bind(metrics), () => reads.invalidate()) },
      clock: base.clock,
    });
  });
}

export function buildLedgerSealer(base: Base) {
  return once(base, buildLedgerSealer, () => {
    const { clock } = base;
    const jobs = table(base, DynamoJobRepository);
    return makeLedgerSealer({
      ledger: ledgerRepository(base),
      clock,
      generationRunning: async () => (await jobs.lockHolder('generate', clock.now())) !== undefined,
    });
  });
}

export function buildLedgerVerifier(base: Base) {
  return once(base, buildLedgerVerifier, () => makeLedgerVerifier({ ledger: ledgerRepository(base), clock: base.clock }));
}

export function buildForecastQuality(base: Base) {
  return once(base, buildForecastQuality, () =>
    makeForecastQualityJob({
      predictions: table(base, DynamoPredictionRepository),
      ledger: ledgerRepository(base),
      store: table(base, DynamoAnalyticsRepository),
      clock: base.clock,
    }),
  );
}

export function buildAnalytics(base: Base) {
  return once(base, buildAnalytics, () =>
    makeAnalyticsService({ ledger: ledgerRepository(base), quality: table(base, DynamoAnalyticsRepository), clock: base.clock }),
  );
}

export function buildResults(base: Base) {
  return once(base, buildResults, () =>
    makeResultsService({ predictions: table(base, DynamoPredictionRepository), ledger: ledgerRepository(base), clock: base.clock }),
  );
}

export function buildTracking(base: Base) {
  return once(base, buildTracking, () => makeTrackingService({ ledger: ledgerRepository(base), clock: base.clock }));
}
