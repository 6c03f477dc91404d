import type { ContactMessagesResponse } from '@app/contracts/contact';
import { json } from '@app/platform/http/response';
import { buildContact } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** The contact inbox, newest first. */
export const handler = httpRoute({ auth: 'admin', areas: { contact: buildContact } }, async ({ contact }) => {
  const response: ContactMessagesResponse = { messages: await contact.inbox() };
  return json(response);
});
