/**
 * GET requests the entry script (src/main.tsx) starts for the page being opened, before the app's
 * code has loaded: the page's data then travels in parallel with that code instead of after it.
 * The API client takes each one the first time the app reads the same URL; what the app has not
 * taken once it has started is dropped, so a later read sees the session as it is by then.
 */
const requests = new Map<string, Promise<Response>>();

/** Starts `GET url` the way the API client sends a read (lib/api-client.ts): with the session cookie, asking for JSON. */
export function startEarlyRequest(url: string): void {
  if (requests.has(url)) return;
  const response = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  // A failure is the reader's to handle; one nobody reads must not surface as an unhandled rejection.
  response.catch(() => undefined);
  requests.set(url, response);
}

/** The early response for `url`, once: the second read of the same URL fetches again. */
export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const response = requests.get(url);
  requests.delete(url);
  return response;
}

/** Drops the early requests nobody took. */
export function dropEarlyRequests(): void {
  requests.clear();
}
