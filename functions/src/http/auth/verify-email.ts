import { VerifyEmailBodySchema, type VerifyEmailResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildRecovery } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Proves the address with the emailed single-use token (no session needed: the link may open in another browser). */
export const handler = httpRoute({ auth: 'public', body: VerifyEmailBodySchema, areas: { recovery: buildRecovery } }, async ({ recovery, body }) => {
  await recovery.verifyEmail(body.token);
  const response: VerifyEmailResponse = { verified: true };
  return json(response);
});
