import type { User } from '@app/contracts/auth';
import { CancelResponseSchema, type BillingOverview, type CancelResponse } from '@app/contracts/billing';
import { useQueryClient } from '@tanstack/react-query';

import { billingOverviewQueryKey } from '@/features/billing/api/billing-overview';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/stripe/cancel-subscription` (no body): access continues until `cancel_at` (Unix seconds). */
export function cancelSubscription(): Promise<CancelResponse> {
  return api.post('/api/stripe/cancel-subscription', undefined, { schema: CancelResponseSchema });
}

export function useCancelSubscription({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cancelSubscription> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useSingleFlightMutation({
    ...rest,
    mutationFn: cancelSubscription,
    onSuccess: async (data, ...args) => {
      // The account page shows 'Cancels on <date>' at once; the server's copy follows. A read
      // still in flight (from before the cancellation) must not overwrite it.
      await queryClient.cancelQueries({ queryKey: billingOverviewQueryKey });
      queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, cancelAt: data.cancel_at } : user));
      queryClient.setQueryData<BillingOverview>(
        billingOverviewQueryKey,
        (overview) => overview && { ...overview, status: 'cancelling', renewsAt: null, endsAt: data.cancel_at },
      );
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey });
      return onSuccess?.(data, ...args);
    },
  });
}
