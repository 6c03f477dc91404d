import { DeleteAccountResponseSchema, type DeleteAccountBody, type DeleteAccountResponse } from '@app/contracts/auth';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/auth/delete-account` with the password again: deletes the user and ends the session. */
export function deleteAccount(body: DeleteAccountBody): Promise<DeleteAccountResponse> {
  return api.post('/api/auth/delete-account', body, { schema: DeleteAccountResponseSchema });
}

export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: deleteAccount });
}
