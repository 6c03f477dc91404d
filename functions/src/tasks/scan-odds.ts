import { logger } from '@app/platform/logger';
import { oddsScanTask } from '../composition/pipeline.ts';

/**
 * Every 15 minutes (routes.ts `tasks`): rescans the odds of the fixtures due a scan and raises or
 * withdraws their value flags; a flag seen for the first time goes into the ledger. A failure
 * throws, so the scheduler retries it and the function's error alarm fires.
 */
export const handler = async (): Promise<string> => {
  const summary = await (await oddsScanTask()).scan();
  logger.info('Odds scan', { summary });
  return summary;
};
