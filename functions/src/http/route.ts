import { createHttpRoute } from '@app/platform/http/route';
import type { ResolvedSession } from '@app/core/auth/service';
import { originVerifyToken, resolveSession, securityLog } from '../composition/auth.ts';
import { origins, productionBase, type Base } from '../composition/base.ts';

/**
 * The middy stacks of every HTTP handler, on the composition root's base: a Lambda's own
 * (`productionBase`), or the one the local stack or a test puts the handler `on`. A route names
 * the areas it uses (`areas: { billing: buildBilling }`) and its handler receives them built.
 */
export const { httpRoute, rawRoute, cachedRead } = createHttpRoute<Base, ResolvedSession>({
  deps: productionBase,
  resolvePrincipal: (cookies, base) => resolveSession(base, cookies),
  viewerOf: (session: ResolvedSession) => session.viewer,
  allowedOrigins: origins,
  originToken: (base) => originVerifyToken(base),
  security: (base) => securityLog(base),
});
