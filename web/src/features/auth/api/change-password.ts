import type { ChangePasswordBody, UserResponse } from '@app/contracts/auth';

import { api } from '@/lib/api-client';
import { type MutationConfig, useSingleFlightMutation } from '@/lib/react-query';

export type ChangePasswordResponse = UserResponse & { endedSessions: number };

/** `POST /api/auth/change-password`; the server ends the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api.post<ChangePasswordResponse>('/api/auth/change-password', body);
}

export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  return useSingleFlightMutation({ ...mutationConfig, mutationFn: changePassword });
}
