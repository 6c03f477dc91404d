import { BillingOverviewSchema, type BillingOverview } from '@app/contracts/billing';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `GET /api/account/billing`: plan, price, renewal or end date, card and latest invoices, parsed with its contract. */
export function getBillingOverview({ signal }: { signal?: AbortSignal } = {}): Promise<BillingOverview> {
  return api.get('/api/account/billing', { signal, schema: BillingOverviewSchema });
}

export const billingOverviewQueryKey = ['/api/account/billing'] as const;

export const getBillingOverviewQueryOptions = () =>
  queryOptions({ queryKey: billingOverviewQueryKey, queryFn: ({ signal }) => getBillingOverview({ signal }) });

export function useBillingOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBillingOverviewQueryOptions(), enabled });
}

/** `POST /api/stripe/resume-subscription` (no body): the plan renews again; answers the new overview. */
export function resumeSubscription(): Promise<BillingOverview> {
  return api.post('/api/stripe/resume-subscription', undefined, { schema: BillingOverviewSchema });
}

export function useResumeSubscription({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resumeSubscription> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useSingleFlightMutation({
    ...rest,
    mutationFn: resumeSubscription,
    onSuccess: async (overview, ...args) => {
      // A read still in flight (the one a cancellation just started) would overwrite this answer.
      await queryClient.cancelQueries({ queryKey: billingOverviewQueryKey });
      queryClient.setQueryData(billingOverviewQueryKey, overview);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      return onSuccess?.(overview, ...args);
    },
  });
}
