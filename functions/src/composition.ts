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
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { JoseSessionTokens } from '@app/adapters/crypto/jose-session-tokens';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { DynamoAttemptStore } from '@app/adapters/dynamodb/attempt-store';
import { DynamoSessionRepository } from '@app/adapters/dynamodb/session-repository';
import { DynamoSubscriptionStore } from '@app/adapters/dynamodb/subscription-store';
import { DynamoUserRepository } from '@app/adapters/dynamodb/user-repository';
import { LocalPaymentGateway } from '@app/adapters/local-billing/local-payment-gateway';
import { readSecret, readSecretField } from '@app/adapters/secrets/secrets-manager';
import { StripePaymentGateway } from '@app/adapters/stripe/stripe-payment-gateway';
import { DynamoFixtureRepository } from '@app/adapters/dynamodb/fixture-repository';
import { DynamoHistoryRepository } from '@app/adapters/dynamodb/history-repository';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { DynamoLeagueRepository } from '@app/adapters/dynamodb/league-repository';
import { DynamoModelStateRepository } from '@app/adapters/dynamodb/model-state-repository';
import { DynamoPickRepository } from '@app/adapters/dynamodb/pick-repository';
import { makeAuthService, type ResolvedSession } from '@app/core/auth/service';
import { makeGenerationService } from '@app/core/pipeline/generation';
import { makeJobService } from '@app/core/pipeline/jobs';
import { makeMetricsJob } from '@app/core/pipeline/metrics-job';
import type { PredictionStore } from '@app/core/pipeline/ports';
import { makeTrackingService } from '@app/core/tracking/service';
import { makeDispatcher } from './jobs/dispatcher.ts';
import { footballProviders } from './providers.ts';
import { makeBillingService } from '@app/core/billing/service';
import type { PaymentGateway } from '@app/core/billing/ports';
import { allowedOrigins, ConfigError, getConfig, type Config } from '@app/platform/config';
import { sessionCookie } from '@app/platform/http/session-cookie';
import { logger } from '@app/platform/logger';
import { makeSecurityLog } from '@app/platform/security-log';
import { memoAsync } from '@app/platform/memo';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoContactMessageStore } from '@app/adapters/dynamodb/contact-message-store';
import { DynamoOneTimeTokenStore } from '@app/adapters/dynamodb/one-time-token-store';
import { LocalOutbox } from '@app/adapters/email/local-outbox';
import { SesEmailSender } from '@app/adapters/email/ses-email-sender';
import { makeOneTimeTokens } from '@app/core/auth/one-time-tokens';
import { makeRecoveryService } from '@app/core/auth/recovery';
import type { EmailRequest, EmailSender, RequestEmail } from '@app/core/email/ports';
import { makeMailService } from '@app/core/email/service';
import { makeContactService } from '@app/core/contact/service';
import type { EmailRequested } from '@app/events/email.requested';

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

export const base = /* @__PURE__ */ once((): Base => {
  const config = getConfig();
  logger.setLogLevel(config.LOG_LEVEL);
  const doc = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
  return { config, doc, clock: systemClock };
});

export const origins = (b: Base) => allowedOrigins(b.config);

export const cookie = /* @__PURE__ */ once(() => sessionCookie(base().config.APP_ORIGIN));

export const userRepository = /* @__PURE__ */ once(() => new DynamoUserRepository(base().doc, base().config.TABLE_NAME));

/** The session signing key: from the environment locally, from Secrets Manager on AWS. */
const sessionSecret = /* @__PURE__ */ memoAsync(async () => {
  const { config } = base();
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.SESSION_SECRET_ARN) return (loadedSessionSecret = (await readSecret(config.SESSION_SECRET_ARN, config.AWS_REGION)).trim());
  throw new ConfigError('Invalid configuration:\n  - SESSION_SECRET or SESSION_SECRET_ARN: one of them is required');
});
let loadedSessionSecret: string | undefined;
/** The token CloudFront adds as `x-origin-verify`: from the environment locally (tests), from Secrets Manager on AWS. */
export const originVerifyToken = /* @__PURE__ */ memoAsync(async (): Promise<string | undefined> => {
  const { config } = base();
  if (config.ORIGIN_VERIFY_TOKEN) return config.ORIGIN_VERIFY_TOKEN;
  if (config.ORIGIN_VERIFY_SECRET_ARN) return (await readSecret(config.ORIGIN_VERIFY_SECRET_ARN, config.AWS_REGION)).trim();
  // Deployed without a token, the API would trust any caller's viewer-address header and skip the WAF.
  if (config.STAGE !== 'local') throw new ConfigError('Invalid configuration:\n  - ORIGIN_VERIFY_SECRET_ARN or ORIGIN_VERIFY_TOKEN: required outside the local stack');
  return undefined;
});
/**
 * Security events (logins, throttles, role changes...). Emails are hashed with a key derived from
 * the session key, so only functions that hold it log an `emailHash`.
 */
export const securityLog = /* @__PURE__ */ once(() => makeSecurityLog(() => base().config.SESSION_SECRET ?? loadedSessionSecret));

export const authService = /* @__PURE__ */ memoAsync(async () => {
  const { config, doc, clock } = base();
  return makeAuthService({
    users: userRepository(),
    sessions: new DynamoSessionRepository(doc, config.TABLE_NAME),
    hasher: new ScryptPasswordHasher(),
    tokens: new JoseSessionTokens(await sessionSecret(), config.APP_ORIGIN, `${config.APP_ORIGIN}/api`),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    clock,
    ids: { user: () => ulid(), session: () => randomBytes(16).toString('base64url') },
    touchSessions: config.TABLE_ACCESS === 'write',
    security: securityLog(),
    requestEmail: requestEmail(),
    log: (message, detail) => logger.warn(message, detail ?? {}),
  });
});

/** The session behind the request's cookie, or null. */
export async function resolveSession(cookies: Record<string, string>): Promise<ResolvedSession | null> {
  const token = cookie().read(cookies);
  if (!token) return null;
  return (await authService()).resolve(token);
}

/** Stripe when keys are configured; the local test-mode provider on a laptop otherwise. */
export const paymentGateway = /* @__PURE__ */ memoAsync(async (): Promise<PaymentGateway> => {
  const { config, doc } = base();
  const arn = config.STRIPE_SECRET_ARN;
  const secretKey = config.STRIPE_SECRET_KEY ?? (arn ? await readSecretField(arn, config.AWS_REGION, 'secretKey') : undefined);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? (arn ? await readSecretField(arn, config.AWS_REGION, 'webhookSecret') : undefined);
  if (secretKey) {
    if (!webhookSecret || !config.STRIPE_PRICE_ID) {
      throw new ConfigError('Invalid configuration:\n  - STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required with a Stripe key');
    }
    const api = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
    return new StripePaymentGateway({
      secretKey,
      webhookSecret,
      priceId: config.STRIPE_PRICE_ID,
      ...(api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  }
  if (config.STAGE !== 'local' || !webhookSecret) {
    throw new ConfigError('Invalid configuration:\n  - STRIPE_SECRET_KEY: required outside the local stack');
  }
  return new LocalPaymentGateway(doc, config.TABLE_NAME, { appOrigin: config.APP_ORIGIN, webhookSecret });
});

export const billingService = /* @__PURE__ */ memoAsync(async () => {
  const { config, doc, clock } = base();
  return makeBillingService({
    gateway: await paymentGateway(),
    users: userRepository(),
    subscriptions: new DynamoSubscriptionStore(doc, config.TABLE_NAME),
    clock,
    appOrigin: config.APP_ORIGIN,
    log: (message, detail) => logger.warn(message, detail ?? {}),
    security: securityLog(),
  });
});

export const tableProbe = /* @__PURE__ */ once(() => makeTableProbe(base().doc, base().config.TABLE_NAME));

export const predictionService = /* @__PURE__ */ once(() =>
  makePredictionService({
    predictions: new DynamoPredictionRepository(base().doc, base().config.TABLE_NAME),
    clock: base().clock,
    cacheTtlMs: base().config.READ_CACHE_SECONDS * 1000,
  }),
);

export const metricsService = /* @__PURE__ */ once(() =>
  makeMetricsService({
    metrics: new DynamoMetricsRepository(base().doc, base().config.TABLE_NAME),
    clock: base().clock,
    cacheTtlMs: base().config.READ_CACHE_SECONDS * 1000,
  }),
);

/** The in-process queue of the local stack; the local server subscribes the consumers to it. */
export const localQueue = /* @__PURE__ */ once(
  () =>
    new LocalQueue({
      queues: Object.fromEntries(
        queueNames.map((name) => [
          name,
          { visibilityTimeoutMs: base().config.LOCAL_QUEUE_VISIBILITY_SECONDS * 1000, maxReceiveCount: MAX_RECEIVE_COUNT, batchSize: queues[name].batchSize },
        ]),
      ),
      onError: (queue, error) => logger.error('Local queue consumer failed', { queue, error: error as Error }),
    }),
);

export const jobQueue = /* @__PURE__ */ once((): JobQueue => {
  const { config } = base();
  if (config.QUEUE_DRIVER === 'local') return localQueue();
  return new SqsJobQueue(new SQSClient({ region: config.AWS_REGION }), config.QUEUE_URL_PREFIX!);
});

export const trackingService = /* @__PURE__ */ once(() =>
  makeTrackingService({ picks: new DynamoPickRepository(base().doc, base().config.TABLE_NAME), clock: base().clock }),
);

export const metricsJob = /* @__PURE__ */ once(() => {
  const { doc, config, clock } = base();
  const metrics = new DynamoMetricsRepository(doc, config.TABLE_NAME);
  return makeMetricsJob({
    picks: new DynamoPickRepository(doc, config.TABLE_NAME),
    // Readers in this process (the local stack runs jobs in-process) see new figures at once;
    // other Lambda containers within READ_CACHE_SECONDS.
    metrics: { save: afterwards(metrics.save.bind(metrics), () => metricsService().invalidate()), listTrend: (limit) => metrics.listTrend(limit) },
    clock,
  });
});

/** `write`, then `then()` once it succeeded. */
function afterwards<A extends unknown[], R>(write: (...args: A) => Promise<R>, then: () => void): (...args: A) => Promise<R> {
  return async (...args) => {
    const result = await write(...args);
    then();
    return result;
  };
}

export const leagueRepository = /* @__PURE__ */ once(() => new DynamoLeagueRepository(base().doc, base().config.TABLE_NAME));

export const generationService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = base();
  const providers = await footballProviders();
  return makeGenerationService({
    ...providers,
    leagues: leagueRepository(),
    fixtures: new DynamoFixtureRepository(doc, config.TABLE_NAME),
    history: new DynamoHistoryRepository(doc, config.TABLE_NAME),
    models: new DynamoModelStateRepository(doc, config.TABLE_NAME),
    predictions: invalidatingPredictionStore(new DynamoPredictionRepository(doc, config.TABLE_NAME)),
    clock,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

/** The store the pipeline writes through: the upcoming-predictions read of this process is dropped after each write. */
function invalidatingPredictionStore(store: DynamoPredictionRepository): PredictionStore {
  const invalidate = () => predictionService().invalidate();
  return {
    get: (fixtureId) => store.get(fixtureId),
    listByKickoff: (from, to) => store.listByKickoff(from, to),
    write: afterwards(store.write.bind(store), invalidate),
    settle: afterwards(store.settle.bind(store), invalidate),
  };
}

export const jobService = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config, clock } = base();
  return makeJobService({
    jobs: new DynamoJobRepository(doc, config.TABLE_NAME),
    dispatcher: makeDispatcher(jobQueue(), () => clock.now()),
    clock,
    newId: () => ulid(),
    // The planner refreshes the league list from the provider on every run.
    leagueIds: async () => {
      const leagues = await (await footballProviders()).fixturesProvider.leagues();
      await leagueRepository().saveAll(leagues);
      return leagues.map((l) => l.id);
    },
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

/** Puts an email request on the email queue; the email consumer renders and sends it. */
export const requestEmail = /* @__PURE__ */ once((): RequestEmail => async (request: EmailRequest) => {
  const message: EmailRequested = { type: 'email.requested', version: 1, ...request, requestedAt: base().clock.now().toISOString() };
  await jobQueue().send('email', message);
});

export const oneTimeTokenStore = /* @__PURE__ */ once(() => new DynamoOneTimeTokenStore(base().doc, base().config.TABLE_NAME));

export const contactMessages = /* @__PURE__ */ once(() => new DynamoContactMessageStore(base().doc, base().config.TABLE_NAME));

/** The local outbox of the local stack (also read by /__local/mail). */
export const localOutbox = /* @__PURE__ */ once(() => new LocalOutbox(base().doc, base().config.TABLE_NAME, () => base().clock.now()));

/** Amazon SES on AWS, the local outbox otherwise. */
export const emailSender = /* @__PURE__ */ once((): EmailSender => {
  const { config } = base();
  if (config.EMAIL_DRIVER === 'ses') {
    // One attempt per delivery: the email queue retries a failed send (then dead-letters it).
    const client = new SESv2Client({ region: config.AWS_REGION, maxAttempts: 1, ...(config.SES_API_BASE ? { endpoint: config.SES_API_BASE } : {}) });
    return new SesEmailSender(client, config.EMAIL_FROM);
  }
  return localOutbox();
});

export const mailService = /* @__PURE__ */ once(() => {
  const { config, clock } = base();
  return makeMailService({
    users: userRepository(),
    tokens: makeOneTimeTokens(oneTimeTokenStore(), () => clock.now().getTime()),
    messages: contactMessages(),
    sender: emailSender(),
    templates: { appOrigin: config.APP_ORIGIN, productName: 'Football Predictions' },
    supportAddress: config.SUPPORT_EMAIL,
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

export const recoveryService = /* @__PURE__ */ once(() => {
  const { config, doc, clock } = base();
  return makeRecoveryService({
    users: userRepository(),
    sessions: new DynamoSessionRepository(doc, config.TABLE_NAME),
    hasher: new ScryptPasswordHasher(),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    tokens: oneTimeTokenStore(),
    requestEmail: requestEmail(),
    clock,
    security: securityLog(),
  });
});

export const contactService = /* @__PURE__ */ once(() => {
  const { config, doc, clock } = base();
  return makeContactService({
    messages: contactMessages(),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    requestEmail: requestEmail(),
    clock,
    newId: () => ulid(),
  });
});
