import type { ContactBody, ContactMessage as PublicMessage } from '@app/contracts/contact';
import { makeAttemptLimiter, type AttemptPolicy, type AttemptRepository } from '../security/attempts.ts';
import type { Clock } from '../clock.ts';
import type { RequestEmail } from '../email/ports.ts';
import { NotFoundError } from '../errors.ts';
import { clientNetwork } from '../security/network.ts';
import type { ContactMessage, ContactMessageRepository } from './ports.ts';

/** A network may send a few messages, then one every few minutes: enough for people, not for a flood. */
export const CONTACT_POLICY: AttemptPolicy = { freeAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 30 * 60_000, resetAfterMs: 60 * 60_000 };
export const INBOX_LIMIT = 100;

export interface ContactServiceDeps {
  messages: ContactMessageRepository;
  attempts: AttemptRepository;
  requestEmail: RequestEmail;
  clock: Clock;
  newId: () => string;
}

export const toPublicMessage = (m: ContactMessage): PublicMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  subject: m.subject,
  message: m.body,
  createdAt: m.createdAt,
  read: m.read,
});

/** Contact messages: stored, forwarded to support and acknowledged by email, read in the admin inbox. */
export function makeContactService(deps: ContactServiceDeps) {
  const limiter = makeAttemptLimiter(deps.attempts, () => deps.clock.now().getTime());
  return {
    /** Throttled per client network; a message that filled the honeypot is answered alike and dropped. */
    async submit(body: ContactBody, context: { ip: string; userId?: string }): Promise<void> {
      await limiter.take([{ key: `contact:net:${clientNetwork(context.ip)}`, policy: CONTACT_POLICY }]);
      if (body.website) return;
      const message: ContactMessage = {
        id: deps.newId(),
        name: body.name,
        email: body.email,
        subject: body.subject,
        body: body.message,
        createdAt: deps.clock.now().toISOString(),
        read: false,
        ...(context.userId ? { userId: context.userId } : {}),
      };
      await deps.messages.create(message);
      await deps.requestEmail({ template: 'contact', messageId: message.id });
    },

    async inbox(): Promise<PublicMessage[]> {
      return (await deps.messages.list(INBOX_LIMIT)).map(toPublicMessage);
    },

    async markRead(id: string, read: boolean): Promise<void> {
      if (!(await deps.messages.get(id))) throw new NotFoundError('No such message');
      await deps.messages.setRead(id, read);
    },
  };
}

export type ContactService = ReturnType<typeof makeContactService>;
