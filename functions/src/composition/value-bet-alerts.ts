/**
 * The composition root: value-bet alerts (settings, the one-click unsubscribe, the dispatch after a generation
 * run, and the fan-out by queue that every source of new flags feeds).
 */
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { DynamoAlertRepository } from '@app/adapters/dynamodb/alert-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoLedgerRepository } from '@app/adapters/dynamodb/ledger-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAlertFanout } from '@app/core/alerts/fanout';
import type { SendAlertTasks } from '@app/core/alerts/ports';
import { makeAlertDispatcher, makeAlertService } from '@app/core/alerts/service';
import type { AlertFanoutMessage } from '@app/events/alert-fanout';
import { logger } from '@app/platform/logger';
import { sessionSecret } from './auth.ts';
import { once, rebuilt, type Base } from './base.ts';
import { buildMessageQueue, requestEmails } from './queues.ts';
import { table } from './tables.ts';

export function buildAlertRepository(base: Base): DynamoAlertRepository {
  return table(base, DynamoAlertRepository);
}

/** Settings and the one-click unsubscribe; rebuilt with the session key (its unsubscribe key is derived from it). */
export function buildAlerts(base: Base) {
  return rebuilt(
    base,
    buildAlerts,
    () => sessionSecret(base),
    (secret) =>
      makeAlertService({
        store: buildAlertRepository(base),
        leagues: table(base, DynamoLeagueRepository),
        predictions: table(base, DynamoPredictionRepository),
        tokens: new HmacUnsubscribeTokens(secret),
        clock: base.clock,
      }),
  );
}

/** The `alert-fanout` queue's messages. */
function sendAlertTasks(base: Base): SendAlertTasks {
  const queue = buildMessageQueue(base);
  return (tasks) =>
    queue.sendBatch(
      'alert-fanout',
      tasks.map((task): AlertFanoutMessage => ({ version: 1, ...task })),
    );
}

/**
 * The fan-out: announce a set, list a shard, send a batch (the `alert-fanout` consumer runs the last two). Its
 * `announce` is the seam of every source of new flags (docs/decisions/0250-alerts-fanned-out-by-queue.md): the
 * generation run's dispatch below, and an odds scan with `{ id: 'scan:<scanId>', frequency: 'realtime', flags }`.
 */
export function buildAlertFanout(base: Base) {
  return once(base, buildAlertFanout, () =>
    makeAlertFanout({
      store: buildAlertRepository(base),
      sendTasks: sendAlertTasks(base),
      requestEmails: requestEmails(base),
      clock: base.clock,
      settings: { concurrency: base.config.ALERT_CLAIMS_IN_FLIGHT },
      log: (message, detail) => logger.info(message, detail ?? {}),
    }),
  );
}

export function buildAlertDispatcher(base: Base) {
  return once(base, buildAlertDispatcher, () => {
    const jobs = table(base, DynamoJobRepository);
    const fanout = buildAlertFanout(base);
    return makeAlertDispatcher({
      predictions: table(base, DynamoPredictionRepository),
      ledger: table(base, DynamoLedgerRepository),
      announce: (set) => fanout.announce(set),
      latestGeneration: () => jobs.latest('generate'),
      clock: base.clock,
      log: (message, detail) => logger.info(message, detail ?? {}),
    });
  });
}
