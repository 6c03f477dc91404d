import { createHttpRoute } from '@app/platform/http/route';
import type { ResolvedSession } from '@app/core/auth/service';
import { originVerifyToken, resolveSession, securityLog } from '../composition/auth.ts';
import { base, origins } from '../composition/base.ts';

/** The middy stacks of every HTTP handler, bound to this app's composition root. */
export const { httpRoute, rawRoute, cachedRead } = createHttpRoute({
  deps: async () => ({ ...(await base()), security: await securityLog() }),
  resolvePrincipal: (cookies) => resolveSession(cookies),
  viewerOf: (session: ResolvedSession) => session.viewer,
  allowedOrigins: origins,
  originToken: () => originVerifyToken(),
  security: (deps) => deps.security,
});
