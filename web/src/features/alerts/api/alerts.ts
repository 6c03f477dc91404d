import { AlertsViewSchema, UnsubscribedSchema, type AlertSettings, type AlertsView } from '@app/contracts/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { alertsQueryOptions } from '@/lib/stake-settings';

const KEY = alertsQueryOptions().queryKey;

/** `GET /api/alerts` (premium): one read with the stake settings the value flags show. */
export const useAlerts = ({ enabled }: { enabled: boolean }) => useQuery({ ...alertsQueryOptions(), enabled });

/** `PUT /api/alerts`: the saved settings come back with the choices. */
export function useSaveAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings): Promise<AlertsView> => api.put('/api/alerts', settings, { schema: AlertsViewSchema }),
    onSuccess: (view) => queryClient.setQueryData(KEY, view),
  });
}

/** The unsubscribe link's page: the signed token turns the alerts off, no session needed. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => api.post('/api/alerts/unsubscribe', undefined, { params: { token }, schema: UnsubscribedSchema }) });
}
