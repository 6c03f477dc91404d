/**
 * Time budgets that nest. A Lambda invocation has a deadline (its remaining time); each task
 * runs within a shorter one, each provider call within a shorter one still. `withinDeadline`
 * runs work under the earlier of its own deadline and the one it is nested in, and gives up at
 * that time: the work's signal is aborted and the caller gets a `DeadlineExceededError`, even
 * when the work itself ignores the signal (a provider that hangs). Adapters read the current
 * budget with `currentBudget()` to bound their own timeouts and waits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Budget {
  /** Epoch ms (on the budget owner's clock) by which the work must have ended. */
  deadline: number;
  signal: AbortSignal;
  /** Milliseconds left, on the budget owner's clock (adapters may run on another one). */
  remainingMs(): number;
}

/** Work that ran out of its time budget; worth another delivery (the next one has a fresh budget). */
export class DeadlineExceededError extends Error {
  constructor(what: string, budgetMs: number) {
    super(`${what} ran out of its ${Math.max(0, Math.round(budgetMs))} ms time budget`);
    this.name = 'DeadlineExceededError';
  }
}

const current = new AsyncLocalStorage<Budget>();

export function currentBudget(): Budget | undefined {
  return current.getStore();
}

/**
 * Runs `work` until `deadline` (epoch ms, on `now`'s time line) or the enclosing budget's
 * deadline, whichever is earlier. Rejects with DeadlineExceededError when that time comes first.
 */
export async function withinDeadline<T>(what: string, deadline: number, now: () => number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const parent = current.getStore();
  // The enclosing budget may run on another clock: compare what is left, not the deadlines.
  const budgetMs = Math.min(deadline - now(), parent?.remainingMs() ?? Infinity);
  const effective = now() + budgetMs;
  const expired = new DeadlineExceededError(what, budgetMs);
  if (budgetMs <= 0 || parent?.signal.aborted) throw parent?.signal.aborted ? parent.signal.reason : expired;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onParentAbort = () => controller.abort(parent!.signal.reason);
  parent?.signal.addEventListener('abort', onParentAbort, { once: true });
  const gaveUp = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  gaveUp.catch(() => {});
  if (Number.isFinite(budgetMs)) timer = setTimeout(() => controller.abort(expired), budgetMs);
  try {
    const budget: Budget = { deadline: effective, signal: controller.signal, remainingMs: () => effective - now() };
    return await Promise.race([current.run(budget, () => work(controller.signal)), gaveUp]);
  } finally {
    clearTimeout(timer);
    parent?.signal.removeEventListener('abort', onParentAbort);
    // Whatever the work still has in flight learns that nobody waits for it any more.
    if (!controller.signal.aborted) controller.abort();
  }
}
