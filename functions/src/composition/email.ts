/** The composition root: email (verification, password reset, contact), its stores, bounces and undelivered requests. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { DynamoAttemptStore } from '@app/adapters/dynamodb/attempt-store';
import { DynamoContactMessageStore } from '@app/adapters/dynamodb/contact-message-store';
import { DynamoEmailSuppressionStore, DynamoUndeliveredEmailStore } from '@app/adapters/dynamodb/email-stores';
import { DynamoOneTimeTokenStore } from '@app/adapters/dynamodb/one-time-token-store';
import { DynamoSessionRepository } from '@app/adapters/dynamodb/session-repository';
import { isSesThrottle, SesEmailSender } from '@app/adapters/email/ses-email-sender';
import { pacedEmailSender } from '@app/core/email/paced-sender';
import { queues } from '@app/events/queues';
import { makeOneTimeTokens } from '@app/core/auth/one-time-tokens';
import { makeRecoveryService } from '@app/core/auth/recovery';
import { makeContactService } from '@app/core/contact/service';
import type { EmailSender } from '@app/core/email/ports';
import { redriveUndeliveredEmails, type EmailRedriveReport } from '@app/core/email/deliverability';
import { makeMailService } from '@app/core/email/service';
import { logger } from '@app/platform/logger';
import { memoAsync, rebuildOnChange } from '@app/platform/memo';
import { parseEmailRequest } from '@app/events/email.requested';
import { ulid } from 'ulid';
import { alertStore } from './value-bet-alerts.ts';
import { securityLog, sessionSecret, userRepository } from './auth.ts';
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { base } from './base.ts';
import { localAdapters } from './local-adapters.ts';
import { jobQueue, requestEmail } from './queues.ts';

export const oneTimeTokenStore = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoOneTimeTokenStore(doc, config.TABLE_NAME);
});

export const contactMessages = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoContactMessageStore(doc, config.TABLE_NAME);
});

/** Addresses SES reported as bouncing or complaining (the email consumer skips them). */
export const emailSuppressions = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoEmailSuppressionStore(doc, config.TABLE_NAME);
});

/** Email requests no delivery could send, kept for a replay. */
export const undeliveredEmails = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoUndeliveredEmailStore(doc, config.TABLE_NAME);
});

/** Puts every undelivered email not replayed yet back on the email queue (`npm run jobs -- redrive`). */
export async function redriveEmails(): Promise<EmailRedriveReport> {
  const { clock } = await base();
  return redriveUndeliveredEmails({ store: await undeliveredEmails(), queue: await jobQueue(), now: () => clock.now(), parse: parseEmailRequest });
}

/** Amazon SES on AWS; the local stack's outbox (/__local/mail) otherwise. */
export const emailSender = /* @__PURE__ */ memoAsync(async (): Promise<EmailSender> => {
  const b = await base();
  const { config } = b;
  if (config.EMAIL_DRIVER === 'ses') {
    // One attempt per delivery: the email queue retries a failed send (then dead-letters it).
    const client = new SESv2Client({ region: config.AWS_REGION, maxAttempts: 1, ...(config.SES_API_BASE ? { endpoint: config.SES_API_BASE } : {}) });
    // Each email consumer instance takes its share of the account's send rate, and backs off when SES still throttles.
    return pacedEmailSender(new SesEmailSender(client, config.EMAIL_FROM, config.SES_CONFIGURATION_SET), {
      ratePerSecond: config.EMAIL_SEND_RATE / queues.email.maxConcurrency,
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      isThrottle: isSesThrottle,
    });
  }
  return localAdapters('EMAIL_DRIVER=local').emailSender(b);
});

/** Rebuilt when the session key changes: the alert digest's unsubscribe key is derived from it. */
export const mailService = /* @__PURE__ */ rebuildOnChange(sessionSecret, async (secret) => {
  const { config, doc, clock } = await base();
  return makeMailService({
    users: await userRepository(),
    tokens: makeOneTimeTokens(await oneTimeTokenStore(), () => clock.now().getTime()),
    messages: await contactMessages(),
    sender: await emailSender(),
    suppressions: await emailSuppressions(),
    templates: { appOrigin: config.APP_ORIGIN, productName: 'Football Predictions' },
    supportAddress: config.SUPPORT_EMAIL,
    clock,
    alerts: { store: await alertStore(), predictions: new DynamoPredictionRepository(doc, config.TABLE_NAME), tokens: new HmacUnsubscribeTokens(secret) },
    log: (message, detail) => logger.info(message, detail ?? {}),
  });
});

export const recoveryService = /* @__PURE__ */ memoAsync(async () => {
  const { config, doc, clock } = await base();
  return makeRecoveryService({
    users: await userRepository(),
    sessions: new DynamoSessionRepository(doc, config.TABLE_NAME),
    hasher: new ScryptPasswordHasher(),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    tokens: await oneTimeTokenStore(),
    requestEmail: await requestEmail(),
    clock,
    security: await securityLog(),
  });
});

export const contactService = /* @__PURE__ */ memoAsync(async () => {
  const { config, doc, clock } = await base();
  return makeContactService({
    messages: await contactMessages(),
    attempts: new DynamoAttemptStore(doc, config.TABLE_NAME),
    requestEmail: await requestEmail(),
    clock,
    newId: () => ulid(),
  });
});
