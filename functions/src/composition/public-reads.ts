/** The composition root: the read side (public reads with their in-process cache, health). */
import { makeTableProbe } from '@app/adapters/dynamodb/health';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DynamoScanMarkRepository } from '@app/adapters/dynamodb/scan-mark-repository';
import { makeMetricsService } from '@app/core/metrics/service';
import { makePredictionService } from '@app/core/predictions/service';
import { once, type Base } from './base.ts';
import { table } from './tables.ts';

/** The table answers (with read-only rights). */
export function buildHealth(base: Base) {
  return once(base, buildHealth, () => makeTableProbe(base.doc, base.config.TABLE_NAME));
}

/** Today's and upcoming predictions, through this process's read cache (the pipeline drops it after a write). */
export function buildPredictions(base: Base) {
  return once(base, buildPredictions, () =>
    makePredictionService({
      predictions: table(base, DynamoPredictionRepository),
      marks: table(base, DynamoScanMarkRepository),
      clock: base.clock,
      cacheTtlMs: base.config.READ_CACHE_SECONDS * 1000,
    }),
  );
}

/** The headline figures and their trend, through this process's read cache (a recomputation drops it). */
export function buildMetrics(base: Base) {
  return once(base, buildMetrics, () =>
    makeMetricsService({ metrics: table(base, DynamoMetricsRepository), clock: base.clock, cacheTtlMs: base.config.READ_CACHE_SECONDS * 1000 }),
  );
}
