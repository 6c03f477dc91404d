import { ContactReceivedSchema, type ContactBody } from '@app/contracts/contact';
import { email, minLength, object, string, trim, type infer as Infer } from 'zod/mini';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

export const ContactMessageSchema = object({
  name: string().check(trim(), minLength(1, 'Please enter your name.')),
  email: email('Please enter a valid email address.'),
  subject: string().check(trim(), minLength(1, 'Please enter a subject.')),
  message: string().check(trim(), minLength(1, 'Please enter your message.')),
});

export type ContactMessage = Infer<typeof ContactMessageSchema>;

/** `POST /api/contact`: stored, emailed to support, acknowledged to the sender. `website` is the honeypot field. */
export async function sendContactMessage(message: ContactMessage & Pick<ContactBody, 'website'>): Promise<void> {
  await api.post('/api/contact', message, { schema: ContactReceivedSchema });
}

export function useSendContactMessage({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendContactMessage> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: sendContactMessage });
}
