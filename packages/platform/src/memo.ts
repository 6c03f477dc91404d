/** Builds a value once (a cold start's dependencies); a failed build is retried on the next call. */
export function memoAsync<T>(build: () => T | Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= Promise.resolve().then(build);
    value.catch(() => (value = undefined));
    return value;
  };
}
