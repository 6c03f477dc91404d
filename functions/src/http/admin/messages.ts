import type { ContactMessagesResponse } from '@app/contracts/contact';
import { json } from '@app/platform/http/response';
import { contactService } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** The contact inbox, newest first. */
export const handler = httpRoute({ auth: 'admin' }, async () => {
  const response: ContactMessagesResponse = { messages: await (await contactService()).inbox() };
  return json(response);
});
