/**
 * The local stack's base: the composition root's, with the stand-ins for what only exists on AWS
 * or at a provider (the in-process queue with SQS semantics, the outbox, the test-mode payment
 * provider, the demo / CSV-replay football data) passed in. The local stack, the operator CLIs
 * and the test harness build one; no Lambda handler imports this file.
 */
import { resolve } from 'node:path';
import { CsvReplayProvider, proposeShiftDaysForFolder } from '@app/local/csv/csv-replay-provider';
import { DEMO_FLAG_ONLY_LEAGUE, demoSeasonRules } from '@app/local/demo/demo-leagues';
import { DemoProvider } from '@app/local/demo/demo-provider';
import { DynamoSettingRepository } from '@app/adapters/dynamodb/setting-repository';
import { LocalPaymentGateway } from '@app/local/local-billing/local-payment-gateway';
import { LocalOutbox } from '@app/local/email/local-outbox';
import { LocalQueue } from '@app/local/local-queue/local-queue';
import type { Clock } from '@app/core/clock';
import { MAX_RECEIVE_COUNT, queueNames, queues } from '@app/events/queues';
import { getConfig } from '@app/platform/config';
import { logger } from '@app/platform/logger';
import { makeBase, once, type PageHtmlSource, type Base, type LocalAdapters } from '../src/composition/base.ts';
import { table } from '../src/composition/tables.ts';

/** The in-process queue of a local base; the local stack subscribes the consumers to it. */
export function localQueue(base: Base): LocalQueue {
  return once(base, localQueue, () => {
    const { config } = base;
    return new LocalQueue({
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
      now: () => base.clock.now().getTime(),
      onError: (name, error) => logger.error('Local queue consumer failed', { queue: name, error: error as Error }),
    });
  });
}

/** The local outbox: every email the product sent (also read by /__local/mail). */
export function localOutbox(base: Base): LocalOutbox {
  return once(base, localOutbox, () => new LocalOutbox(base.doc, base.config.TABLE_NAME, () => base.clock.now()));
}

const standIns: LocalAdapters = {
  messageQueue: localQueue,
  emailSender: localOutbox,
  paymentGateway: (base, webhookSecret) =>
    new LocalPaymentGateway(base.doc, base.config.TABLE_NAME, { appOrigin: base.config.APP_ORIGIN, webhookSecret, now: () => base.clock.now().getTime() }),
  async footballProviders(base, liveOdds) {
    const { config, clock } = base;
    const now = () => clock.now();
    if (config.FOOTBALL_DATA_DIR) {
      const dir = resolve(config.FOOTBALL_DATA_DIR);
      // Decided once and kept, so kickoffs stay put across restarts on later days.
      const shiftDays = await table(base, DynamoSettingRepository).getOrCreate(`csv-replay-shift:${dir}`, () => proposeShiftDaysForFolder(dir, now()));
      const csv = new CsvReplayProvider({ dir, shiftDays, now });
      logger.info('Replaying football-data.co.uk seasons', { dir, shiftDays });
      return { fixturesProvider: csv, oddsProvider: liveOdds ?? csv, ...(liveOdds ? { feedResults: liveOdds } : {}) };
    }
    // Some markets open late: those fixtures are published before their odds, from the market memory.
    const demo = new DemoProvider({ now, lateMarkets: true });
    // Its fourth league has no forecast: value flags from the odds feed alone, settled from the feed's results.
    const flagOnly = liveOdds
      ? { feedResults: liveOdds }
      : { feedResults: demo, flagOnlyLeagues: [{ id: DEMO_FLAG_ONLY_LEAGUE.id, name: DEMO_FLAG_ONLY_LEAGUE.name, country: DEMO_FLAG_ONLY_LEAGUE.country }] };
    return { fixturesProvider: demo, oddsProvider: liveOdds ?? demo, seasonRules: demoSeasonRules, ...flagOnly };
  },
};

/** A base on this process's (local) environment, with the stand-ins, and the given clock and page files. */
export function localBase(options: { clock?: Clock; pageHtml?: PageHtmlSource; scryptLogN?: number } = {}): Base {
  return makeBase({ config: getConfig(), ...options, local: standIns });
}
