/**
 * The composition root: builds real dependencies once per cold start. Each factory is its own
 * export so a function's bundle only contains what its handler calls.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '@app/adapters/dynamodb/client';
import { makeTableProbe } from '@app/adapters/dynamodb/health';
import { DynamoMetricsRepository } from '@app/adapters/dynamodb/metrics-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { LocalQueue } from '@app/adapters/local-queue/local-queue';
import { SqsJobQueue } from '@app/adapters/sqs/sqs-job-queue';
import type { JobQueue } from '@app/core/jobs/ports';
import { MAX_RECEIVE_COUNT, queueNames, queues } from '@app/events/queues';
import { systemClock, type Clock } from '@app/core/clock';
import { makeMetricsService } from '@app/core/metrics/service';
import { makePredictionService } from '@app/core/predictions/service';
import type { Viewer } from '@app/core/viewer';
import { allowedOrigins, getConfig, type Config } from '@app/platform/config';
import { logger } from '@app/platform/logger';

function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

/** What every route gets: configuration, the table client, the clock. */
export interface Base {
  config: Config;
  doc: ReturnType<typeof createDocumentClient>;
  clock: Clock;
}

export const base = once((): Base => {
  const config = getConfig();
  logger.setLogLevel(config.LOG_LEVEL);
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  return { config, doc, clock: systemClock };
});

export const origins = (b: Base) => allowedOrigins(b.config);

/** Resolves the viewer from the session cookie (sessions arrive with the accounts work). */
export async function resolveViewer(_cookies: Record<string, string>, _base: Base): Promise<Viewer | null> {
  return null;
}

export const tableProbe = once(() => makeTableProbe(base().doc, base().config.TABLE_NAME));

export const predictionService = once(() =>
  makePredictionService({
    predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME),
    clock: base().clock,
    cacheTtlMs: base().config.PREDICTIONS_CACHE_SECONDS * 1000,
  }),
);

export const metricsService = once(() =>
  makeMetricsService({ metrics: new DynamoMetricsRepository(base().doc, base().config.TABLE_NAME) }),
);

/** Locally a failed message comes back after this long (AWS: 6 x the consumer timeout). */
const LOCAL_VISIBILITY_TIMEOUT_MS = 30_000;

/** The in-process queue of the local stack; the local server subscribes the consumers to it. */
export const localQueue = once(
  () =>
    new LocalQueue({
      queues: Object.fromEntries(
        queueNames.map((name) => [
          name,
          { visibilityTimeoutMs: LOCAL_VISIBILITY_TIMEOUT_MS, maxReceiveCount: MAX_RECEIVE_COUNT, batchSize: queues[name].batchSize },
        ]),
      ),
      onError: (queue, error) => logger.error('Local queue consumer failed', { queue, error: error as Error }),
    }),
);

export const jobQueue = once((): JobQueue => {
  const { config } = base();
  if (config.QUEUE_DRIVER === 'local') return localQueue();
  return new SqsJobQueue(new SQSClient({ region: config.AWS_REGION }), config.QUEUE_URL_PREFIX!);
});
