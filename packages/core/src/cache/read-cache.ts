import type { Clock } from '../clock.ts';

/**
 * A value under a key that names it: two reads with the same key hold the same value, so what is
 * derived from a value (its JSON text and entity tag in the HTTP layer) may be derived once per
 * key. A cached read's key is its view's name and the load that made it (`premium@12`).
 */
export interface Keyed<T> {
  readonly key: string;
  readonly value: T;
}

/** A kept value and its load's number: unique in the process, so keys made from it never collide. */
export interface Loaded<T> {
  readonly value: T;
  readonly version: number;
}

let loads = 0;

export interface ReadCacheOptions<T> {
  load: () => Promise<T>;
  clock: Clock;
  /** How long a load is reused. 0 reads every time (still one read for concurrent callers). */
  ttlMs: number;
  /** Whether a loaded value may be kept; e.g. an empty list while the first generation runs is not. */
  keep?: (value: T) => boolean;
}

export interface ReadCache<T> {
  get(): Promise<T>;
  /** The value with its load's number: the same number while the same load is kept. */
  loaded(): Promise<Loaded<T>>;
  /** Forgets the kept value; a load already under way is not kept either. */
  invalidate(): void;
}

/**
 * A single-flight, time-bounded cache of one read: concurrent callers share one load, and its
 * result is reused for `ttlMs`. It lives in the process (one Lambda container, or the local
 * server), so a change made elsewhere shows after at most `ttlMs`; a job in the same process can
 * `invalidate()` at once. Once a kept value is half its lifetime old, a read still gets it at once
 * and starts the next load in the background: under steady traffic no reader waits for a load.
 */
export function makeReadCache<T>({ load, clock, ttlMs, keep = () => true }: ReadCacheOptions<T>): ReadCache<T> {
  let kept: { at: number; loaded: Loaded<T> } | undefined;
  let inFlight: Promise<Loaded<T>> | undefined;
  let generation = 0;

  function start(now: number): Promise<Loaded<T>> {
    const started = generation;
    const loading = load()
      .then((value) => {
        const loaded = { value, version: ++loads };
        if (started === generation && keep(value)) kept = { at: now, loaded };
        return loaded;
      })
      .finally(() => {
        if (inFlight === loading) inFlight = undefined;
      });
    inFlight = loading;
    return loading;
  }

  async function loaded(): Promise<Loaded<T>> {
    const now = clock.now().getTime();
    if (kept && ttlMs > 0 && now - kept.at < ttlMs) {
      // Refresh ahead; a failed refresh leaves the kept value to its lifetime.
      if (!inFlight && now - kept.at >= ttlMs / 2) start(now).catch(() => {});
      return kept.loaded;
    }
    return inFlight ?? start(now);
  }

  return {
    async get() {
      return (await loaded()).value;
    },
    loaded,
    invalidate() {
      generation += 1;
      kept = undefined;
      inFlight = undefined;
    },
  };
}
