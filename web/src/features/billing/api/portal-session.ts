import { PortalSessionResponseSchema } from '@app/contracts/billing';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/stripe/portal-session`: the payment provider's customer portal (invoices, card, cancel, resume). */
export const createPortalSession = () => api.post('/api/stripe/portal-session', undefined, { schema: PortalSessionResponseSchema });

export const usePortalSession = () =>
  useMutation({
    mutationFn: createPortalSession,
    // Leaves the app; the portal sends the user back to /account, where the session is read afresh.
    onSuccess: ({ url }) => window.location.assign(url),
  });
