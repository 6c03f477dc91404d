import type { ContactMessagesResponse } from '@app/contracts/contact';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const messagesKey = ['/api/admin', 'messages'] as const;

/** `GET /api/admin/messages`: the contact inbox, newest first (admin only). */
export const getMessagesQueryOptions = () =>
  queryOptions({ queryKey: messagesKey, queryFn: ({ signal }) => api.get<ContactMessagesResponse>('/api/admin/messages', { signal }) });

export const useMessages = () => useQuery(getMessagesQueryOptions());

/** `POST /api/admin/messages/{id}/read`. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => api.post(`/api/admin/messages/${encodeURIComponent(id)}/read`, { read }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
