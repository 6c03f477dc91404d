import {
  MessageResponseSchema,
  PasswordResetConfirmResponseSchema,
  VerifyEmailResponseSchema,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
  type VerifyEmailBody,
} from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /api/auth/password-reset`: 202 with the same message whether or not the account exists. */
export const requestPasswordReset = (body: PasswordResetRequestBody) => api.post('/api/auth/password-reset', body, { schema: MessageResponseSchema });

/** `POST /api/auth/password-reset/confirm`: the server ends every session, this browser's included. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  api.post('/api/auth/password-reset/confirm', body, { schema: PasswordResetConfirmResponseSchema });

export const verifyEmail = (body: VerifyEmailBody) => api.post('/api/auth/verify-email', body, { schema: VerifyEmailResponseSchema });

/** `POST /api/auth/resend-verification`: the signed-in user's confirmation link again (no body: the session says whose). */
const resendVerification = () => api.post('/api/auth/resend-verification', undefined, { schema: MessageResponseSchema });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
