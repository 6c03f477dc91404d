/**
 * Display formats of docs/product.md#display-formats: money 2 decimals with a sign, percentages 1
 * decimal (payout, ROI and CLV signed), odds 2 decimals. Every page formats through these.
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

/**
 * Every percentage of the site, one way: `63.4%`; `signed` adds `+` to a positive figure (payout,
 * ROI, CLV, EV: `+12.3%`, `-4.0%`, `0.0%`); `digits` decimals (1 by default); `N/A` for null.
 */
export function formatPercent(percent: number | null | undefined, { signed = false, digits = 1 }: { signed?: boolean; digits?: number } = {}): string {
  if (percent === null || percent === undefined) return NOT_AVAILABLE;
  const rounded = Math.round(percent * 10 ** digits) / 10 ** digits;
  const text = `${Math.abs(rounded).toFixed(digits)}%`;
  if (rounded < 0) return `-${text}`;
  return signed && rounded > 0 ? `+${text}` : text;
}

/** A difference of two percentages, in points, signed: `+4.2`, `-0.8`, `0.0`. */
export function formatPoints(points: number): string {
  return formatPercent(points, { signed: true }).slice(0, -1);
}

/** A percentage's 95 % interval: `[-4.2%, +25.2%]`; empty when there is none. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  return interval ? `[${formatPercent(interval[0], { signed: true })}, ${formatPercent(interval[1], { signed: true })}]` : '';
}

/**
 * A whole count with thousands separators: `10,000`. By hand, like the dates below:
 * `toLocaleString` builds an ICU number format on first use (~50 ms on a throttled phone CPU).
 */
export function formatCount(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Decimal odds: `2.10`; `N/A` when there are none. */
export function formatOdds(odds: number | null | undefined): string {
  if (odds === null || odds === undefined) return NOT_AVAILABLE;
  return odds.toFixed(2);
}

// Dates are formatted by hand in the browser's time zone: building an Intl.DateTimeFormat loads
// locale data and costs ~90 ms on a throttled phone CPU, for a fixed English format.
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad2 = (n: number) => String(n).padStart(2, '0');
export const time24 = (date: Date) => `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
export const shortMonth = (date: Date) => MONTHS[date.getMonth()]!.slice(0, 3);

/** A table's kickoff, in the one format the site writes dates in: e.g. `Thu 5 Mar, 14:30` (as a card's kickoff). */
export function formatMatchDate(iso: string): string {
  return formatKickoff(iso);
}

/** A past match's local day `YYYY-MM-DD` in the same format, with its year: e.g. `Sun 1 Mar 2026` (form, meetings). */
export function formatPastDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = new Date(year, month - 1, date);
  return `${WEEKDAYS[local.getDay()]} ${date} ${shortMonth(local)} ${year}`;
}

/** A prediction card's kickoff, e.g. `Tue 5 Mar, 14:30`. */
export function formatKickoff(iso: string): string {
  const date = new Date(iso);
  return `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${shortMonth(date)}, ${time24(date)}`;
}

/** Local calendar day of a date, as `YYYY-MM-DD`. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** A local calendar day `YYYY-MM-DD` as a short date, e.g. `5 Mar` (chart axes). */
export function formatShortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${shortMonth(new Date(year, month - 1, date))}`;
}

/** A calendar date, e.g. `5 March 2026`; accepts a Date, an ISO string (`YYYY-MM-DD` is a local day) or Unix seconds. */
export function formatLongDate(value: Date | string | number): string {
  let date: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    date = new Date(year, month - 1, day);
  } else {
    date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  }
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The browser's zone as its offset from GMT: `GMT`, `GMT+1`, `GMT-5`, `GMT+5:30` (no Intl: see above). */
function zoneOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  return `GMT${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${abs % 60 ? `:${pad2(abs % 60)}` : ''}`;
}

/**
 * When something happened, with its day and zone, the one format of every time stamp (a price
 * seen or quoted, a scan, a flag's history): `Tue 8 Dec 21:34 GMT`.
 */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  return `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${shortMonth(date)} ${time24(date)} ${zoneOf(date)}`;
}

/** An instant in the browser's time zone, e.g. `15 March 2026, 10:00` (when a break ends). */
export function formatDateTime(iso: string): string {
  return `${formatLongDate(iso)}, ${time24(new Date(iso))}`;
}
