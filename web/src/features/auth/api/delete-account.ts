import type { DeleteAccountBody } from '@app/contracts/auth';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/auth/delete-account` with the password again: deletes the user and ends the session. */
export function deleteAccount(body: DeleteAccountBody): Promise<{ deleted: boolean }> {
  return api.post<{ deleted: boolean }>('/api/auth/delete-account', body);
}

export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: deleteAccount });
}
