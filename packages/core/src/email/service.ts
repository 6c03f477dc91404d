import type { UserRepository } from '../auth/ports.ts';
import type { OneTimeTokens } from '../auth/one-time-tokens.ts';
import type { Clock } from '../clock.ts';
import type { ContactMessageStore } from '../contact/ports.ts';
import { activeBreakUntil, activeExclusionUntil } from '../responsible-gambling/protection.ts';
import type { EmailMessage, EmailRequest, EmailSender, EmailSuppressionStore } from './ports.ts';
import { accountExistsMessage, contactAcknowledgementMessage, contactToSupportMessage, passwordResetMessage, verifyEmailMessage, type TemplateContext } from './templates.ts';

export interface MailServiceDeps {
  users: Pick<UserRepository, 'get' | 'getByEmail'>;
  tokens: OneTimeTokens;
  messages: Pick<ContactMessageStore, 'get'>;
  sender: EmailSender;
  /** Addresses SES reported as bouncing or complaining: never mailed again (SES pauses senders that keep trying). */
  suppressions: Pick<EmailSuppressionStore, 'isSuppressed'>;
  templates: TemplateContext;
  supportAddress: string;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The email consumer's use case: turns a request into rendered messages and sends them. A request
 * whose subject is gone (deleted account, unknown email) sends nothing: the reset and sign-up routes
 * answer the same for every email, and only this consumer learns whether the account exists.
 * During a break or a self-exclusion only the mail that gets the person into the account is sent
 * (verification, reset, the note on a taken address); the rest is not sent
 * (docs/decisions/0160-breaks-and-self-exclusion.md). The product sends no marketing mail at all.
 */
export function makeMailService(deps: MailServiceDeps) {
  const log = deps.log ?? (() => {});
  const send = async (message: EmailMessage): Promise<void> => {
    if (await deps.suppressions.isSuppressed(message.to)) return log('Email skipped', { reason: 'suppressed address (bounce or complaint)' });
    await deps.sender.send(message);
  };
  return {
    async deliver(request: EmailRequest): Promise<void> {
      switch (request.template) {
        case 'verify-email': {
          const user = await deps.users.get(request.userId);
          if (!user || user.emailVerifiedAt) return log('Verification email skipped', { reason: user ? 'already verified' : 'no such user' });
          const token = await deps.tokens.issue(user.id, 'verify-email');
          return send(verifyEmailMessage(deps.templates, user.email, token));
        }
        case 'account-exists': {
          const user = await deps.users.getByEmail(request.email);
          if (!user) return log('Account-exists email skipped', { reason: 'no such account' });
          return send(accountExistsMessage(deps.templates, user.email));
        }
        case 'password-reset': {
          const user = await deps.users.getByEmail(request.email);
          if (!user) return log('Password reset email skipped', { reason: 'no such account' });
          const token = await deps.tokens.issue(user.id, 'password-reset');
          return send(passwordResetMessage(deps.templates, user.email, token));
        }
        case 'contact': {
          const message = await deps.messages.get(request.messageId);
          if (!message) return log('Contact email skipped', { reason: 'no such message' });
          await send(contactToSupportMessage(deps.templates, deps.supportAddress, message));
          // Acknowledged only to a signed-in sender's confirmed address, never to the typed one.
          const sender = message.userId ? await deps.users.get(message.userId) : undefined;
          if (!sender?.emailVerifiedAt) return log('Contact acknowledgement skipped', { reason: sender ? 'address not confirmed' : 'sender not signed in' });
          const now = deps.clock.now();
          if (activeBreakUntil(sender, now) || activeExclusionUntil(sender, now)) return log('Contact acknowledgement skipped', { reason: 'the sender is taking a break or is self-excluded' });
          return send(contactAcknowledgementMessage(deps.templates, sender.email, message.createdAt));
        }
      }
    },
  };
}

export type MailService = ReturnType<typeof makeMailService>;
