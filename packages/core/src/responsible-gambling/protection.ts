/**
 * The protections an account can take (docs/decisions/0160-breaks-and-self-exclusion.md): a break
 * hides every odds, probability and value flag for its length and cannot be shortened; a
 * self-exclusion locks the account for six months. Pure rules: the service stores, these decide.
 */
import { BREAK_DURATIONS, SELF_EXCLUSION_MONTHS, type BreakDuration } from '@app/contracts/responsible-gambling';
import { activeBreakUntil, type Protections } from '../account/protection.ts';
import { DAY_MS } from '../clock.ts';

/** When a break of `duration` taken at `now` ends. */
export function breakEnd(now: Date, duration: BreakDuration): Date {
  return new Date(now.getTime() + BREAK_DURATIONS[duration].days * DAY_MS);
}

/**
 * When a self-exclusion requested at `now` ends: six calendar months later, the same UTC time of
 * day (31 August + 6 months is the last day of February, not 3 March).
 */
export function selfExclusionEnd(now: Date): Date {
  const end = new Date(now.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + SELF_EXCLUSION_MONTHS);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * Whether a new break ending at `until` may replace the stored one: only when it ends later (or
 * none runs), so a break is extended, never shortened. The repository makes the same comparison
 * in its conditional write, so two requests cannot race past it.
 */
export function mayStartBreak(user: Protections, until: Date, now: Date): boolean {
  const running = activeBreakUntil(user, now);
  return !running || Date.parse(running) < until.getTime();
}
