import { ChangePasswordResponseSchema, type ChangePasswordBody, type ChangePasswordResponse } from '@app/contracts/auth';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

/** `POST /api/auth/change-password`; the server ends the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api.post('/api/auth/change-password', body, { schema: ChangePasswordResponseSchema });
}

export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: changePassword });
}
