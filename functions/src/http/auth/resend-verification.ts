import { EmptyBodySchema, VERIFICATION_SENT_MESSAGE, type MessageResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildRecovery } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Sends the signed-in user's verification link again (the banner's Resend); capped per address. */
export const handler = httpRoute({ auth: 'user', body: EmptyBodySchema, areas: { recovery: buildRecovery } }, async ({ recovery, principal, sourceIp }) => {
  await recovery.resendVerification(principal!.user, { ip: sourceIp });
  const response: MessageResponse = { message: VERIFICATION_SENT_MESSAGE };
  return json(response, { status: 202 });
});
