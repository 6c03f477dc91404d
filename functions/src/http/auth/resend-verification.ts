import { EmptyBodySchema } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { recoveryService } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Sends the verification link again to the signed-in user (throttled per account and network). */
export const handler = httpRoute({ auth: 'user', body: EmptyBodySchema }, async ({ principal, sourceIp }) => {
  await (await recoveryService()).resendVerification(principal!.user, { ip: sourceIp });
  return json({ queued: true }, { status: 202 });
});
