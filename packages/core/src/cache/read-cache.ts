import type { Clock } from '../clock.ts';

/**
 * A response body made once and served many times: the JSON text and its entity tag. The tag
 * is a hash of the text, so two reads with the same content have the same tag and a client's
 * `If-None-Match` keeps matching across cache refreshes and across Lambda containers.
 */
export interface Serialised<T> {
  readonly value: T;
  readonly json: string;
  /** A strong entity tag, quotes included. */
  readonly etag: string;
}

/** cyrb53: a fast 53-bit string hash, well mixed; plenty for telling versions of a body apart. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function serialise<T>(value: T): Serialised<T> {
  const json = JSON.stringify(value);
  return { value, json, etag: `"${hash53(json).toString(36)}-${json.length.toString(36)}"` };
}

/**
 * Makes loaded values into answers: a load that made the same JSON as the last one gives back the
 * same answer object, so what is built once per answer downstream (its prebuilt responses, its
 * encoded bytes, its contract check: docs/decisions/0220-cached-reads-before-the-middleware.md)
 * is built once per content, not once per load.
 */
export function answerMaker<T>(): (value: T) => Serialised<T> {
  let last: Serialised<T> | undefined;
  return (value) => {
    const answer = serialise(value);
    if (last && last.etag === answer.etag && last.json === answer.json) return last;
    last = answer;
    return answer;
  };
}

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
  let kept: { at: number; value: T } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;

  function start(now: number): Promise<T> {
    const started = generation;
    const loading = load()
      .then((value) => {
        if (started === generation && keep(value)) kept = { at: now, value };
        return value;
      })
      .finally(() => {
        if (inFlight === loading) inFlight = undefined;
      });
    inFlight = loading;
    return loading;
  }

  return {
    async get() {
      const now = clock.now().getTime();
      if (kept && ttlMs > 0 && now - kept.at < ttlMs) {
        // Refresh ahead; a failed refresh leaves the kept value to its lifetime.
        if (!inFlight && now - kept.at >= ttlMs / 2) start(now).catch(() => {});
        return kept.value;
      }
      return inFlight ?? start(now);
    },
    invalidate() {
      generation += 1;
      kept = undefined;
      inFlight = undefined;
    },
  };
}
