import { MarkReadBodySchema, MessageParamsSchema, type MarkReadResponse } from '@app/contracts/contact';
import { json } from '@app/platform/http/response';
import { buildContact } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Marks a contact message read or unread. */
export const handler = httpRoute(
  { auth: 'admin', params: MessageParamsSchema, body: MarkReadBodySchema, areas: { contact: buildContact } },
  async ({ contact, params, body }) => {
    await contact.markRead(params.id, body.read);
    const response: MarkReadResponse = { id: params.id, read: body.read };
    return json(response);
  },
);
