import type * as z from 'zod/mini';
import { issueLines } from '@app/contracts/response-contract';
import { logger } from '../logger.ts';

/**
 * A cached read's contract check, run when the cache is filled (not on every read:
 * docs/decisions/0220-cached-reads-before-the-middleware.md). A value that breaks the route's
 * response contract is logged as an error naming the route and what broke, and is served as it
 * is, as the SPA keeps such an answer (docs/decisions/0180-response-contracts-kept.md). The schema
 * module loads on the first fill, not at the cold start.
 */
export function contractCheck(route: string, schema: () => Promise<z.ZodMiniType>): (value: unknown) => Promise<void> {
  return async (value) => {
    const result = (await schema()).safeParse(value);
    if (!result.success) logger.error('answer outside its response contract', { route, problems: issueLines(result.error.issues) });
  };
}
