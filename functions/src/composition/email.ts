/** The composition root, part 8: email (verification, password reset, contact) and its stores. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ScryptPasswordHasher } from '@app/adapters/crypto/scrypt-password-hasher';
import { DynamoAttemptStore } from '@app/adapters/dynamodb/attempt-store';
import { DynamoContactMessageStore } from '@app/adapters/dynamodb/contact-message-store';
import { DynamoOneTimeTokenStore } from '@app/adapters/dynamodb/one-time-token-store';
import { DynamoSessionRepository } from '@app/adapters/dynamodb/session-repository';
import { SesEmailSender } from '@app/adapters/email/ses-email-sender';
import { makeOneTimeTokens } from '@app/core/auth/one-time-tokens';
import { makeRecoveryService } from '@app/core/auth/recovery';
import { makeContactService } from '@app/core/contact/service';
import type { EmailSender } from '@app/core/email/ports';
import { makeMailService } from '@app/core/email/service';
import { logger } from '@app/platform/logger';
import { memoAsync } from '@app/platform/memo';
import { ulid } from 'ulid';
import { securityLog, userRepository } from './auth.ts';
import { base } from './base.ts';
import { localAdapters } from './local-adapters.ts';
import { requestEmail } from './queue.ts';

export const oneTimeTokenStore = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoOneTimeTokenStore(doc, config.TABLE_NAME);
});

export const contactMessages = /* @__PURE__ */ memoAsync(async () => {
  const { doc, config } = await base();
  return new DynamoContactMessageStore(doc, config.TABLE_NAME);
});

/** Amazon SES on AWS; the local stack's outbox (/__local/mail) otherwise. */
export const emailSender = /* @__PURE__ */ memoAsync(async (): Promise<EmailSender> => {
  const b = await base();
  const { config } = b;
  if (config.EMAIL_DRIVER === 'ses') {
    // One attempt per delivery: the email queue retries a failed send (then dead-letters it).
    const client = new SESv2Client({ region: config.AWS_REGION, maxAttempts: 1, ...(config.SES_API_BASE ? { endpoint: config.SES_API_BASE } : {}) });
    return new SesEmailSender(client, config.EMAIL_FROM);
  }
  return localAdapters('EMAIL_DRIVER=local').emailSender(b);
});

export const mailService = /* @__PURE__ */ memoAsync(async () => {
  const { config, clock } = await base();
  return makeMailService({
    users: await userRepository(),
    tokens: makeOneTimeTokens(await oneTimeTokenStore(), () => clock.now().getTime()),
    messages: await contactMessages(),
    sender: await emailSender(),
    templates: { appOrigin: config.APP_ORIGIN, productName: 'Football Predictions' },
    supportAddress: config.SUPPORT_EMAIL,
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
