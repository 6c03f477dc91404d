import type { MessageResponse, PasswordResetConfirmBody, PasswordResetRequestBody, VerifyEmailBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/auth/password-reset`: 202 with the same message whether or not the account exists. */
export const requestPasswordReset = (body: PasswordResetRequestBody) => api.post<MessageResponse>('/api/auth/password-reset', body);

/** `POST /api/auth/password-reset/confirm`: the server ends every session, this browser's included. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) => api.post<{ endedSessions: number }>('/api/auth/password-reset/confirm', body);

export const verifyEmail = (body: VerifyEmailBody) => api.post<{ verified: true }>('/api/auth/verify-email', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
