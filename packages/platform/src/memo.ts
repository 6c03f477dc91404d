/** Builds a value once (a cold start's dependencies); a failed build is retried on the next call. */
export function memoAsync<T>(build: () => T | Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= Promise.resolve().then(build);
    value.catch(() => (value = undefined));
    return value;
  };
}

/**
 * A value built from a secret (a signing key, an API key) and rebuilt when the secret changes:
 * every call reads the key (the secret reader caches it for minutes), and a different key than
 * last time builds a new value. So a rotated secret takes effect in warm Lambda containers too,
 * without waiting for them to recycle.
 */
export function rebuildOnChange<K, T>(
  readKey: () => Promise<K>,
  build: (key: K) => T | Promise<T>,
  sameKey: (a: K, b: K) => boolean = Object.is,
): () => Promise<T> {
  let built: { key: K; value: Promise<T> } | undefined;
  return async () => {
    const key = await readKey();
    if (!built || !sameKey(built.key, key)) {
      const value = Promise.resolve().then(() => build(key));
      built = { key, value };
      value.catch(() => {
        if (built?.value === value) built = undefined;
      });
    }
    return built.value;
  };
}
