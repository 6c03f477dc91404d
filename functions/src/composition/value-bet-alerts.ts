/**
 * The composition root: value-bet alerts (settings, the one-click unsubscribe, the dispatch after a generation
 * run, and the fan-out by queue that every source of new flags feeds).
 */
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { DynamoAlertStore } from '@app/adapters/dynamodb/alert-store';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoLedgerRepository } from '@app/adapters/dynamodb/ledger-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAlertFanout } from '@app/core/alerts/fanout';
import type { SendAlertTasks } from '@app/core/alerts/ports';
import { makeAlertDispatcher, makeAlertService } from '@app/core/alerts/service';
import type { AlertFanoutMessage } from '@app/events/alert-fanout';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { sessionSecret } from './auth.ts';
import { base } from './base.ts';
import { jobQueue, requestEmails } from './queues.ts';

export const alertStore = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoAlertStore(doc, config.TABLE_NAME);
});

/** Settings and the one-click unsubscribe; rebuilt with the session key (its unsubscribe key is derived from it). */
export const alertService = /* @__PURE__ */ rebuildOnChange(sessionSecret, async (secret) => {
  const { doc, config, clock } = await base();
  return makeAlertService({
    store: await alertStore(),
    leagues: new DynamoLeagueRepository(doc, config.TABLE_NAME),
    predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME),
    tokens: new HmacUnsubscribeTokens(secret),
    clock,
  });
});

/** The `alert-fanout` queue's messages, ten per SendMessageBatch. */
const sendAlertTasks = /* @__PURE__ */ memoAsync(async (): Promise<SendAlertTasks> => {
  const queue = await jobQueue();
  return async (tasks) => {
    const messages: AlertFanoutMessage[] = tasks.map((task) => ({ version: 1, ...task }));
    for (let i = 0; i < messages.length; i += 10) await queue.sendBatch('alert-fanout', messages.slice(i, i + 10));
  };
});

/**
 * The fan-out: announce a set, list a shard, send a batch (the `alert-fanout` consumer runs the last two). Its
 * `announce` is the seam of every source of new flags (docs/decisions/0250-alerts-fanned-out-by-queue.md): the
 * generation run's dispatch below, and an odds scan with `{ id: 'scan:<scanId>', frequency: 'realtime', flags }`.
 */
export const alertFanout = /* @__PURE__ */ memoAsync(async () => {
  const { clock, config } = await base();
  return makeAlertFanout({
    store: await alertStore(),
    sendTasks: await sendAlertTasks(),
    requestEmails: await requestEmails(),
    clock,
    settings: { concurrency: config.ALERT_CLAIMS_IN_FLIGHT },
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

export const alertDispatcher = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const jobs = new DynamoJobRepository(doc, config.TABLE_NAME);
  const fanout = await alertFanout();
  return makeAlertDispatcher({
    predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME),
    ledger: new DynamoLedgerRepository(doc, config.TABLE_NAME),
    announce: (set) => fanout.announce(set),
    latestGeneration: () => jobs.latest('generate'),
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});
