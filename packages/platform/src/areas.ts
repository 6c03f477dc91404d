/**
 * What a route needs from the app, by name: each builder gets the handler's dependencies (the app's
 * root) and its result reaches the handler under the same name, built before the handler runs.
 */
export type Areas<Deps> = Record<string, (deps: Deps) => unknown>;
/** No areas: a route that needs nothing of the app's beyond its checks. */
export type NoAreas = Record<never, never>;
/** The built areas a handler receives. */
export type Built<U> = { [K in keyof U]: U[K] extends (...args: never[]) => infer R ? Awaited<R> : never };

/** A Lambda handler that can also run on other dependencies than its default ones (the local stack's, a test's). */
export type Bindable<H, Deps> = H & {
  /** The same handler on `deps`. */
  on(deps: Deps): H;
};

/** Builds every area of `areas` on `deps`. */
export async function buildAreas<Deps, U extends Areas<Deps>>(areas: U | undefined, deps: Deps): Promise<Built<U>> {
  const built: Record<string, unknown> = {};
  if (!areas) return built as Built<U>;
  // Most builders answer at once (the composition root's `once`); only the others are waited for, together.
  const pending: Promise<unknown>[] = [];
  for (const name of Object.keys(areas)) {
    const area = areas[name]!(deps);
    if (isPromiseLike(area)) pending.push(Promise.resolve(area).then((value) => (built[name] = value)));
    else built[name] = area;
  }
  if (pending.length) await Promise.all(pending);
  return built as Built<U>;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
