import { describe, expect, it } from 'vitest';
import { currentBudget, DeadlineExceededError, withinDeadline } from './budget.ts';

const now = () => 1_000;

describe('time budgets', () => {
  it('runs work to its end within the budget and exposes the deadline to nested calls', async () => {
    const seen = await withinDeadline('task', 6_000, now, async () => currentBudget()?.deadline);
    expect(seen).toBe(6_000);
    expect(currentBudget()).toBeUndefined();
  });

  it('nests: an inner budget never outlives the one it runs in', async () => {
    const deadlines = await withinDeadline('invocation', 5_000, now, () => withinDeadline('call', 9_000, now, async () => [currentBudget()?.deadline]));
    expect(deadlines).toEqual([5_000]);
  });

  it('gives up on work that ignores its deadline, and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const hang = withinDeadline('task', 1_020, now, (s) => {
      signal = s;
      return new Promise<string>(() => {});
    });
    await expect(hang).rejects.toBeInstanceOf(DeadlineExceededError);
    await expect(hang).rejects.toThrow('task ran out of its 20 ms time budget');
    expect(signal?.aborted).toBe(true);
  });

  it('ends inner work when the outer budget runs out first', async () => {
    const outer = withinDeadline('task', 1_020, now, () => withinDeadline('call', 60_000, now, () => new Promise<string>(() => {})));
    await expect(outer).rejects.toThrow('task ran out of its 20 ms time budget');
  });

  it('fails at once when no time is left', async () => {
    let ran = false;
    await expect(withinDeadline('task', 1_000, now, async () => (ran = true))).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(ran).toBe(false);
  });
});
