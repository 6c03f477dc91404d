import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id that follows one piece of work across functions: an API request's id, carried by the
 * queue messages it causes (`correlationId` in events/) and by the messages those cause, and
 * written on every log line about that work, so one search finds the admin click, the planner
 * and every task it fanned out.
 */
const current = new AsyncLocalStorage<string>();

/** Runs `fn` with `id` as the current correlation id. */
export function withCorrelationId<T>(id: string, fn: () => T): T {
  return current.run(id, fn);
}

/** The correlation id of the work under way, if any. */
export function currentCorrelationId(): string | undefined {
  return current.getStore();
}
