import { SelfExclusionBodySchema } from '@app/contracts/responsible-gambling';
import { json } from '@app/platform/http/response';
import { cookie, responsibleGamblingService } from '../../composition/auth.ts';
import { billingService } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/**
 * Self-exclusion: the password again (throttled like login), every open checkout and portal
 * session ends, the subscription ends with its paid period, every session ends and the account
 * stays locked for six months; the cookie is cleared.
 */
export const handler = httpRoute({ auth: 'user', body: SelfExclusionBodySchema }, async ({ body, principal, sourceIp }) => {
  const excluded = await (await responsibleGamblingService()).selfExclude(principal!, body, { ip: sourceIp }, await billingService());
  return json(excluded, { cookies: [(await cookie()).clear()] });
});
