import { PASSWORD_RESET_REQUESTED_MESSAGE, PasswordResetRequestBodySchema, type MessageResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildRecovery } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** 202 with the same body for every email: whether an account exists is never told here. Throttled like login. */
export const handler = httpRoute(
  { auth: 'public', body: PasswordResetRequestBodySchema, areas: { recovery: buildRecovery } },
  async ({ recovery, body, sourceIp }) => {
    await recovery.requestPasswordReset(body.email, { ip: sourceIp });
    const response: MessageResponse = { message: PASSWORD_RESET_REQUESTED_MESSAGE };
    return json(response, { status: 202 });
  },
);
