/** The composition root: email (verification, password reset, contact), its stores, bounces and undelivered requests. */
import { PRODUCT_NAME } from '@app/contracts/brand';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoAttemptRepository } from '@app/adapters/dynamodb/attempt-repository';
import { DynamoContactMessageRepository } from '@app/adapters/dynamodb/contact-message-repository';
import { DynamoEmailSuppressionRepository, DynamoUndeliveredEmailRepository } from '@app/adapters/dynamodb/email-repositories';
import { DynamoOneTimeTokenRepository } from '@app/adapters/dynamodb/one-time-token-repository';
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
import { parseEmailRequest } from '@app/events/email.requested';
import { ulid } from 'ulid';
import { buildAlertRepository } from './value-bet-alerts.ts';
import { buildUsers, passwordHasher, securityLog, sessionSecret } from './auth.ts';
import { HmacUnsubscribeTokens } from '@app/adapters/crypto/hmac-unsubscribe-tokens';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { once, onceAsync, rebuilt, type Base } from './base.ts';
import { localAdapters } from './local-adapters.ts';
import { buildMessageQueue, requestEmail } from './queues.ts';
import { table } from './tables.ts';

/** Contact messages (the staff's inbox, a user's export). */
export function buildContactMessages(base: Base): DynamoContactMessageRepository {
  return table(base, DynamoContactMessageRepository);
}

/** Addresses SES reported as bouncing or complaining (the email consumer skips them). */
export function buildEmailSuppressions(base: Base): DynamoEmailSuppressionRepository {
  return table(base, DynamoEmailSuppressionRepository);
}

/** Email requests no delivery could send, kept for a replay. */
export function buildUndeliveredEmails(base: Base): DynamoUndeliveredEmailRepository {
  return table(base, DynamoUndeliveredEmailRepository);
}

/** Puts every undelivered email not replayed yet back on the email queue (`npm run jobs -- redrive`). */
export async function redriveEmails(base: Base): Promise<EmailRedriveReport> {
  return redriveUndeliveredEmails({
    store: buildUndeliveredEmails(base),
    queue: buildMessageQueue(base),
    now: () => base.clock.now(),
    parse: parseEmailRequest,
  });
}

/** Amazon SES on AWS; the local stack's outbox (/__local/mail) otherwise. */
function emailSender(base: Base): EmailSender {
  return once(base, emailSender, () => {
    const { config } = base;
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
    return localAdapters(base, 'EMAIL_DRIVER=local').emailSender(base);
  });
}

/** Rebuilt when the session key changes: the alert digest's unsubscribe key is derived from it. */
export function buildMail(base: Base) {
  return rebuilt(
    base,
    buildMail,
    () => sessionSecret(base),
    (secret) => {
      const { config, clock } = base;
      return makeMailService({
        users: buildUsers(base),
        tokens: makeOneTimeTokens(table(base, DynamoOneTimeTokenRepository), () => clock.now().getTime()),
        messages: buildContactMessages(base),
        sender: emailSender(base),
        suppressions: buildEmailSuppressions(base),
        templates: { appOrigin: config.APP_ORIGIN, productName: PRODUCT_NAME },
        supportAddress: config.SUPPORT_EMAIL,
        clock,
        alerts: { store: buildAlertRepository(base), predictions: table(base, DynamoPredictionRepository), tokens: new HmacUnsubscribeTokens(secret) },
        log: (message, detail) => logger.info(message, detail ?? {}),
      });
    },
  );
}

/** Email verification and password reset. */
export function buildRecovery(base: Base) {
  return onceAsync(base, buildRecovery, async () =>
    makeRecoveryService({
      users: buildUsers(base),
      sessions: table(base, DynamoSessionRepository),
      hasher: passwordHasher(base),
      attempts: table(base, DynamoAttemptRepository),
      tokens: table(base, DynamoOneTimeTokenRepository),
      requestEmail: requestEmail(base),
      clock: base.clock,
      security: await securityLog(base),
    }),
  );
}

/** The contact form and the staff's inbox. */
export function buildContact(base: Base) {
  return once(base, buildContact, () =>
    makeContactService({
      messages: buildContactMessages(base),
      attempts: table(base, DynamoAttemptRepository),
      requestEmail: requestEmail(base),
      clock: base.clock,
      newId: () => ulid(),
    }),
  );
}
