import { buildAreas, type Areas, type Bindable, type Built } from '@app/platform/areas';
import { productionBase, type Base } from '../composition/base.ts';

/** A scheduled task's handler: the scheduler invokes it with no payload. */
type TaskHandler<R> = () => Promise<R>;

/**
 * A scheduled task on the composition root's base (a Lambda's own, or the one it is put `on`):
 * its areas built, then `fn` with them and the base.
 */
export function taskRoute<U extends Areas<Base>, R>(areas: U, fn: (areas: Built<U>, base: Base) => Promise<R>): Bindable<TaskHandler<R>, Base> {
  const on =
    (base: () => Base): TaskHandler<R> =>
    async () => {
      const b = base();
      return fn(await buildAreas(areas, b), b);
    };
  return Object.assign(on(productionBase), { on: (base: Base) => on(() => base) });
}
