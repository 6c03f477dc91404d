import { VerifySessionResponseSchema, type VerifySessionResponse } from '@app/contracts/billing';
import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { applySessionUser } from '@/lib/auth';
import { useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/stripe/verify-session`: confirms the caller's own Checkout session (403 for anyone else's). */
export function verifySession(sessionId: string): Promise<VerifySessionResponse> {
  return api.post('/api/stripe/verify-session', { sessionId }, { schema: VerifySessionResponseSchema });
}

/** Verifies, then makes the (now premium) user the session user so every page unlocks. */
export function useVerifySession() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: verifySession,
    onSuccess: async ({ success, user }) => {
      if (success) await applySessionUser(queryClient, user);
    },
  });
}
