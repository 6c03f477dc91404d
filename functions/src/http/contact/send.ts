import { ContactBodySchema, type ContactReceived } from '@app/contracts/contact';
import { json } from '@app/platform/http/response';
import { buildContact } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Stores the message, has it emailed to support and acknowledged to the sender; throttled per client network. */
export const handler = httpRoute(
  { auth: 'viewer', body: ContactBodySchema, areas: { contact: buildContact } },
  async ({ contact, body, principal, sourceIp }) => {
    await contact.submit(body, { ip: sourceIp, ...(principal ? { userId: principal.user.id } : {}) });
    const response: ContactReceived = { received: true };
    return json(response, { status: 202 });
  },
);
