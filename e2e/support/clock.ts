import { inject } from 'vitest';

/**
 * The e2e run happens on a pinned day, whatever the machine's date: the stack starts its clock
 * here (LOCAL_CLOCK_START), every browser context starts its own there too, and the tests ask
 * `stackNow()`. A Saturday in the middle of the demo leagues' season, at 10:00 UTC: 16 kickoffs
 * are left that day, 4 the next, and none falls within the few minutes the run takes, so "today",
 * "tomorrow" and "has kicked off" mean the same on every run.
 */
export const E2E_CLOCK_START = '2026-03-14T10:00:00.000Z';

/** The stack's time now: the pinned start plus the time elapsed since the stack started. */
export function stackNow(): Date {
  return new Date(Date.parse(E2E_CLOCK_START) + (Date.now() - inject('clockStartedAt')));
}
