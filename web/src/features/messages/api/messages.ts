import { ContactMessagesResponseSchema, MarkReadResponseSchema } from '@app/contracts/contact';
import { EmailDeliveryResponseSchema } from '@app/contracts/email-delivery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

const messagesKey = ['/api/admin', 'messages'] as const;

/** `GET /api/admin/messages`: the contact inbox, newest first (admin only). */
export const getMessagesQueryOptions = () =>
  queryOptions({ queryKey: messagesKey, queryFn: ({ signal }) => api.get('/api/admin/messages', { signal, schema: ContactMessagesResponseSchema }) });

export const useMessages = () => useQuery(getMessagesQueryOptions());

/** `POST /api/admin/messages/{id}/read`. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api.post(`/api/admin/messages/${encodeURIComponent(id)}/read`, { read }, { schema: MarkReadResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

/** `GET /api/admin/email-delivery`: addresses SES made us stop mailing, and emails no retry could send. */
export const useEmailDelivery = () =>
  useQuery(
    queryOptions({
      queryKey: ['/api/admin', 'email-delivery'] as const,
      queryFn: ({ signal }) => api.get('/api/admin/email-delivery', { signal, schema: EmailDeliveryResponseSchema }),
    }),
  );
