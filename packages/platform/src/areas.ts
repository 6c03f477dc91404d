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
  if (!areas) return {} as Built<U>;
  const entries = await Promise.all(Object.entries(areas).map(async ([name, build]) => [name, await build(deps)] as const));
  return Object.fromEntries(entries) as Built<U>;
}
