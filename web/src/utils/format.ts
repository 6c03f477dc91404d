/**
 * Display formats of spec section 9: money 2 decimals with a sign, payout percent 1 decimal,
 * probabilities 1 decimal, best odds 2 decimals, win rate 1 decimal.
 */

/** Shown where a figure does not exist yet (e.g. no odds, nothing staked). */
export const NOT_AVAILABLE = 'N/A';

/** `+$12.50`, `-$20.00`, `$0.00`. */
export function formatMoney(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const text = `$${Math.abs(rounded).toFixed(2)}`;
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `-${text}`;
  return text;
}

/** Payout percentage: `+12.3%`, `-4.0%`, `0.0%`; `N/A` when nothing was staked (null). */
export function formatPayout(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return NOT_AVAILABLE;
  const rounded = Math.round(percent * 10) / 10;
  const text = `${Math.abs(rounded).toFixed(1)}%`;
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `-${text}`;
  return text;
}

/** Decimal odds: `2.10`; `N/A` when there are none. */
export function formatOdds(odds: number | null | undefined): string {
  if (odds === null || odds === undefined) return NOT_AVAILABLE;
  return odds.toFixed(2);
}

/** A probability in percent: `63.4%`. */
export function formatProbability(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** A win rate in percent: `66.7%`. */
export function formatWinRate(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Under 2.5 goals is 100 minus over, kept to one decimal (no `39.900000000000006`). */
export function underProbability(over: number): number {
  return Math.round((100 - over) * 10) / 10;
}

const monthDayTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Tracking table date: abbreviated month, day, 24-hour time, e.g. `Mar 5, 14:30`. */
export function formatMatchDate(iso: string): string {
  const parts = Object.fromEntries(monthDayTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.month} ${parts.day}, ${parts.hour}:${parts.minute}`;
}

const kickoffFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A prediction card's kickoff, e.g. `Tue 5 Mar, 14:30`. */
export function formatKickoff(iso: string): string {
  return kickoffFormat.format(new Date(iso)).replace(/,? (\d\d:\d\d)$/, ', $1');
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A calendar date, e.g. `5 March 2026`; accepts a Date, an ISO string (`YYYY-MM-DD` is a local day) or Unix seconds. */
export function formatLongDate(value: Date | string | number): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return longDate.format(new Date(year, month - 1, day));
  }
  return longDate.format(typeof value === 'number' ? new Date(value * 1000) : new Date(value));
}
