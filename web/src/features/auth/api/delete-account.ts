import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/auth/delete-account` (no body): deletes the user and ends the session. */
export function deleteAccount(): Promise<{ deleted: boolean }> {
  return api.post<{ deleted: boolean }>('/api/auth/delete-account');
}

export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: deleteAccount });
}
