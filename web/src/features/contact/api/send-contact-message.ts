import { email, minLength, object, string, trim, type infer as Infer } from 'zod/mini';

import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** docs/product.md#contact: the contact form's send is simulated and takes 1 s. */
export const CONTACT_SEND_DELAY_MS = 1000;

export const ContactMessageSchema = object({
  name: string().check(trim(), minLength(1, 'Please enter your name.')),
  email: email('Please enter a valid email address.'),
  subject: string().check(trim(), minLength(1, 'Please enter a subject.')),
  message: string().check(trim(), minLength(1, 'Please enter your message.')),
});

export type ContactMessage = Infer<typeof ContactMessageSchema>;

/**
 * Sends a contact message. There is no contact endpoint (the spec only simulates sending),
 * so this waits and resolves; swap in `api.post` here when one exists.
 */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  void message;
  await new Promise((resolve) => setTimeout(resolve, CONTACT_SEND_DELAY_MS));
}

export function useSendContactMessage({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendContactMessage> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: sendContactMessage });
}
