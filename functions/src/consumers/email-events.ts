import { SesEventSchema } from '@app/events/ses-event';
import { suppressionsFrom } from '@app/core/email/deliverability';
import { logger } from '@app/platform/logger';
import { buildEmailSuppressions } from '../composition/email.ts';
import { consumerRoute } from './route.ts';

/**
 * SES bounce and complaint events (the configuration set publishes them through SNS onto the
 * `email-events` queue): a permanent bounce or a complaint suppresses its addresses, which the
 * email consumer then skips and the admin Messages page lists.
 */
export const handler = consumerRoute(
  { queue: 'email-events', schema: SesEventSchema, areas: { store: buildEmailSuppressions } },
  async (event, { store, deps: { clock } }) => {
    const suppressions = suppressionsFrom(event, clock.now());
    for (const s of suppressions) await store.suppress(s);
    logger.info('SES event', { eventType: event.eventType, suppressed: suppressions.length });
  },
);
