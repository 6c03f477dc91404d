import { createHttpRoute } from '@app/platform/http/route';
import type { ResolvedSession } from '@app/core/auth/service';
import { base, originVerifyToken, origins, resolveSession, securityLog } from '../composition.ts';

/** The middy stacks of every HTTP handler, bound to this app's composition root. */
export const { httpRoute, rawRoute } = createHttpRoute({
  deps: base,
  resolvePrincipal: (cookies) => resolveSession(cookies),
  viewerOf: (session: ResolvedSession) => session.viewer,
  allowedOrigins: origins,
  originToken: () => originVerifyToken(),
  security: securityLog,
});
