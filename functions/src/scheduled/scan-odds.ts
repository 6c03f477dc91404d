import { scanFlagSet } from '@app/core/alerts/service';
import { logger } from '@app/platform/logger';
import { buildOddsScan } from '../composition/pipeline.ts';
import { buildAlertFanout } from '../composition/value-bet-alerts.ts';
import { scheduledRoute } from './route.ts';

/**
 * Every 15 minutes (routes.ts `scheduled`): rescans the odds of the fixtures due a scan and raises or
 * withdraws their value flags; a flag seen for the first time goes into the ledger, and to the
 * subscribers whose alerts come as they appear (the alert fan-out, within minutes). A failure
 * throws, so the scheduler retries it and the function's error alarm fires.
 */
export const handler = scheduledRoute({ oddsScan: buildOddsScan, fanout: buildAlertFanout }, async ({ oddsScan, fanout }): Promise<string> => {
  const { summary, at, firstFlagged } = await oddsScan.scan();
  const set = scanFlagSet(at, firstFlagged);
  const alerted = set ? await fanout.announce(set) : false;
  logger.info('Odds scan', { summary, alerted: alerted ? set!.flags.length : 0 });
  return alerted ? `${summary}; ${set!.flags.length} new flag(s) announced to alerts` : summary;
});
