import { SelfExclusionBodySchema } from '@app/contracts/responsible-gambling';
import { json } from '@app/platform/http/response';
import { buildCookie, buildResponsibleGambling } from '../../composition/auth.ts';
import { buildBilling } from '../../composition/billing.ts';
import { httpRoute } from '../route.ts';

/**
 * Self-exclusion: the password again (throttled like login), every open checkout and portal
 * session ends, the subscription ends with its paid period, every session ends and the account
 * stays locked for six months; the cookie is cleared.
 */
export const handler = httpRoute(
  { auth: 'user', body: SelfExclusionBodySchema, areas: { cookie: buildCookie, responsibleGambling: buildResponsibleGambling, billing: buildBilling } },
  async ({ cookie, responsibleGambling, billing, body, principal, sourceIp }) => {
    const excluded = await responsibleGambling.selfExclude(principal!, body, { ip: sourceIp }, billing);
    return json(excluded, { cookies: [cookie.clear()] });
  },
);
