import { createConsumerRoute } from '@app/platform/consumer-route';
import { productionBase, type Base } from '../composition/base.ts';
import { buildMessageQueue } from '../composition/queues.ts';

/** The middy stack of every SQS consumer, on the composition root's base (a Lambda's own, or the one it is put `on`). */
export const consumerRoute = createConsumerRoute<Base>({
  deps: productionBase,
  now: (b) => b.clock.now().getTime(),
  deadLetter: async (base, queue, rawBody, reason) => buildMessageQueue(base).deadLetter(queue, rawBody, reason),
});
