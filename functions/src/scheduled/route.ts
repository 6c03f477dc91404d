import { buildAreas, type Areas, type Bindable, type Built } from '@app/platform/areas';
import { logger } from '@app/platform/logger';
import { scheduledRunMetric } from '@app/adapters/cloudwatch/run-metric';
import { productionBase, type Base } from '../composition/base.ts';

/** A scheduled function's handler: the scheduler invokes it with no payload. */
type ScheduledHandler<R> = () => Promise<R>;

/**
 * A scheduled function on the composition root's base (a Lambda's own, or the one it is put `on`):
 * its areas built, then `fn` with them and the base. A run that completes logs its heartbeat (the
 * run metric of its schedule, `SCHEDULE_NAME`), on which infra alarms when the runs stop.
 */
export function scheduledRoute<U extends Areas<Base>, R>(areas: U, fn: (areas: Built<U>, base: Base) => Promise<R>): Bindable<ScheduledHandler<R>, Base> {
  const on =
    (base: () => Base): ScheduledHandler<R> =>
    async () => {
      const b = base();
      const result = await fn(await buildAreas(areas, b), b);
      const schedule = b.config.SCHEDULE_NAME;
      if (schedule) logger.info('Scheduled run', scheduledRunMetric(b.config.POWERTOOLS_METRICS_NAMESPACE, schedule, b.clock.now()));
      return result;
    };
  return Object.assign(on(productionBase), { on: (base: Base) => on(() => base) });
}
