import { AlertFanoutMessageSchema } from '@app/events/alert-fanout';
import { logger } from '@app/platform/logger';
import { buildAlertFanout } from '../composition/value-bet-alerts.ts';
import { consumerRoute } from './route.ts';

/**
 * Value-bet alerts by queue (docs/decisions/0250-alerts-fanned-out-by-queue.md): a shard message lists its
 * subscribers into batch messages (its cursor goes on in a new message when time runs short); a batch message
 * checks, claims and queues the email of each of its users, once per flag set and within their daily cap.
 */
export const handler = consumerRoute(
  { queue: 'alert-fanout', schema: AlertFanoutMessageSchema, areas: { fanout: buildAlertFanout } },
  async (message, { fanout, invocationEnds }) => {
    const { type: _type, version: _version, ...task } = message;
    if (message.type === 'alerts.shard') {
      const out = await fanout.shard({ ...task, shard: message.shard, ...(message.cursor ? { cursor: message.cursor } : {}) }, invocationEnds);
      if (out.users > 0 || out.continued) logger.info('Alert shard listed', { setId: message.setId, shard: message.shard, ...out });
    } else {
      await fanout.batch({ ...task, userIds: message.userIds });
    }
  },
);
