import {
  BreakResponseSchema,
  SelfExclusionResponseSchema,
  type BreakResponse,
  type SelfExclusionBody,
  type SelfExclusionResponse,
  type TakeBreakBody,
} from '@app/contracts/responsible-gambling';
import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { applySessionUser, getUser } from '@/lib/auth';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/account/break`: the break's end; the server refuses one that would shorten a running break (409). */
export function takeBreak(body: TakeBreakBody): Promise<BreakResponse> {
  return api.post('/api/account/break', body, { schema: BreakResponseSchema });
}

/**
 * A break changes what the server sends this viewer (locked predictions), so the session is read
 * again and every cached answer refetched.
 */
export function useTakeBreak({ mutationConfig }: { mutationConfig?: MutationConfig<typeof takeBreak> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useSingleFlightMutation({
    ...rest,
    mutationFn: takeBreak,
    onSuccess: async (data, ...args) => {
      await applySessionUser(queryClient, await getUser());
      return onSuccess?.(data, ...args);
    },
  });
}

/** `POST /api/account/self-exclusion` with the password again: the account is locked for six months and signed out. */
export function selfExclude(body: SelfExclusionBody): Promise<SelfExclusionResponse> {
  return api.post('/api/account/self-exclusion', body, { schema: SelfExclusionResponseSchema });
}

export function useSelfExclude({ mutationConfig }: { mutationConfig?: MutationConfig<typeof selfExclude> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: selfExclude });
}
