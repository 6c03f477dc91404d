/**
 * The local stack's stand-ins for what only exists on AWS or at a provider: the in-process queue
 * with SQS semantics, the test-mode payment provider, and the demo / CSV-replay football data.
 * Installed into the composition (functions/src/composition/local-adapters.ts) by the local stack,
 * the operator CLIs and the test harness; no Lambda handler imports this file.
 */
import { resolve } from 'node:path';
import { CsvReplayProvider, proposeShiftDaysForFolder } from '@app/adapters/csv/csv-replay-provider';
import { demoSeasonRules } from '@app/adapters/demo/demo-leagues';
import { DemoProvider } from '@app/adapters/demo/demo-provider';
import { DynamoSettingStore } from '@app/adapters/dynamodb/setting-store';
import { LocalPaymentGateway } from '@app/adapters/local-billing/local-payment-gateway';
import { LocalOutbox } from '@app/adapters/email/local-outbox';
import { LocalQueue } from '@app/adapters/local-queue/local-queue';
import { MAX_RECEIVE_COUNT, queueNames, queues } from '@app/events/queues';
import { getConfig } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { appClock, base } from '../src/composition/base.ts';
import { installLocalAdapters } from '../src/composition/local-adapters.ts';

let queue: LocalQueue | undefined;

/** The in-process queue; the local stack subscribes the consumers to it. */
export function localQueue(): LocalQueue {
  const config = getConfig();
  queue ??= new LocalQueue({
    queues: Object.fromEntries(
      queueNames.map((name) => [
        name,
        {
          visibilityTimeoutMs: config.LOCAL_QUEUE_VISIBILITY_SECONDS * 1000,
          maxReceiveCount: MAX_RECEIVE_COUNT,
          batchSize: queues[name].batchSize,
          consumerTimeoutMs: (config.LOCAL_QUEUE_TIMEOUT_SECONDS ?? queues[name].consumerTimeoutSeconds) * 1000,
        },
      ]),
    ),
    now: () => appClock.now().getTime(),
    onError: (name, error) => logger.error('Local queue consumer failed', { queue: name, error: error as Error }),
  });
  return queue;
}

let outbox: LocalOutbox | undefined;

/** The local outbox: every email the product sent (also read by /__local/mail). */
export async function localOutbox(): Promise<LocalOutbox> {
  const { doc, config } = await base();
  outbox ??= new LocalOutbox(doc, config.TABLE_NAME, () => appClock.now());
  return outbox;
}

/** Puts the local stand-ins behind the composition's seams. Call before importing any handler. */
export function installLocal(): void {
  installLocalAdapters({
    jobQueue: localQueue,
    emailSender: ({ doc, config }) => (outbox ??= new LocalOutbox(doc, config.TABLE_NAME, () => appClock.now())),
    paymentGateway: ({ doc, config }, webhookSecret) => new LocalPaymentGateway(doc, config.TABLE_NAME, { appOrigin: config.APP_ORIGIN, webhookSecret, now: () => appClock.now().getTime() }),
    async footballProviders({ config, doc, clock }, liveOdds) {
      const now = () => clock.now();
      if (config.FOOTBALL_DATA_DIR) {
        const dir = resolve(config.FOOTBALL_DATA_DIR);
        // Decided once and kept, so kickoffs stay put across restarts on later days.
        const shiftDays = await new DynamoSettingStore(doc, config.TABLE_NAME).getOrCreate(`csv-replay-shift:${dir}`, () => proposeShiftDaysForFolder(dir, now()));
        const csv = new CsvReplayProvider({ dir, shiftDays, now });
        logger.info('Replaying football-data.co.uk seasons', { dir, shiftDays });
        return { fixturesProvider: csv, oddsProvider: liveOdds ?? csv };
      }
      const demo = new DemoProvider({ now });
      return { fixturesProvider: demo, oddsProvider: liveOdds ?? demo, seasonRules: demoSeasonRules };
    },
  });
}
