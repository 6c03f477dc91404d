import { logger } from '@app/platform/logger';
import { closingOddsTask } from '../composition/pipeline.ts';

/**
 * Every 15 minutes (routes.ts `tasks`): snapshots the odds of fixtures about to kick off, the
 * closing price of a provider that keeps no closing line. A failure throws, so the scheduler
 * retries it and the function's error alarm fires.
 */
export const handler = async (): Promise<string> => {
  const summary = await (await closingOddsTask()).capture();
  logger.info('Closing odds', { summary });
  return summary;
};
