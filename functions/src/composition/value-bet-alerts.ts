/** The composition root: value-bet alerts (settings, the one-click unsubscribe, the dispatch after a generation run). */
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { DynamoAlertStore } from '@app/adapters/dynamodb/alert-store';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { makeAlertDispatcher, makeAlertService } from '@app/core/alerts/service';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { sessionSecret, userRepository } from './auth.ts';
import { base } from './base.ts';
import { requestEmail } from './queues.ts';

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

export const alertDispatcher = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = await base();
  const jobs = new DynamoJobRepository(doc, config.TABLE_NAME);
  return makeAlertDispatcher({
    store: await alertStore(),
    users: await userRepository(),
    predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME),
    requestEmail: await requestEmail(),
    latestGeneration: () => jobs.latest('generate'),
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});
