import { createHttpRoute } from '@app/platform/http/route';
import { base, origins, resolveViewer } from '../composition.ts';

/** The middy stacks of every HTTP handler, bound to this app's composition root. */
export const { httpRoute, rawRoute } = createHttpRoute({
  deps: base,
  resolveViewer: (cookies, b) => resolveViewer(cookies, b),
  allowedOrigins: origins,
});
