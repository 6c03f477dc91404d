import { logger } from '@app/platform/logger';
import { buildClosingOdds } from '../composition/pipeline.ts';
import { scheduledRoute } from './route.ts';

/**
 * Every 15 minutes (routes.ts `scheduled`): snapshots the odds of fixtures about to kick off, the
 * closing price of a provider that keeps no closing line. A failure throws, so the scheduler
 * retries it and the function's error alarm fires.
 */
export const handler = scheduledRoute({ closingOdds: buildClosingOdds }, async ({ closingOdds }): Promise<string> => {
  const summary = await closingOdds.capture();
  logger.info('Closing odds', { summary });
  return summary;
});
