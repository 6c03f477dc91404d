import type { User } from '@app/contracts/auth';
import { CheckoutResponseSchema } from '@app/contracts/billing';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';
import { browser } from '@/utils/browser';

/**
 * `POST /api/stripe/create-checkout-session`, then the browser goes to the answer's url
 * (Stripe Checkout, or the local test-mode page). The spec's body `{ userId, email }` is sent;
 * the server ignores it and uses the session's user (docs/decisions/0017-checkout-ignores-client-identity.md). 409 = already subscribed.
 */
export async function startCheckout(user: Pick<User, 'id' | 'email'>): Promise<void> {
  const { url } = await api.post('/api/stripe/create-checkout-session', { userId: user.id, email: user.email }, { schema: CheckoutResponseSchema });
  browser.assign(url);
}

export function useStartCheckout({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startCheckout> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: startCheckout });
}
