/**
 * The compact list's day headings and times (docs/product.md#display-formats), apart from
 * format.ts so the landing page's first load does not carry them.
 */
import { localDay, MONTHS, time24 } from '@/utils/format';

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A local calendar day `YYYY-MM-DD` as a list heading: `Today`, `Tomorrow`, else e.g. `Monday 16 March`. */
export function formatDayHeading(day: string, now = new Date()): string {
  if (day === localDay(now)) return 'Today';
  if (day === localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1))) return 'Tomorrow';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = new Date(year, month - 1, date);
  return `${WEEKDAY_NAMES[local.getDay()]} ${date} ${MONTHS[local.getMonth()]}`;
}

/** A kickoff's local time of day, `14:30` (the compact list, under its day heading). */
export function formatTime(iso: string): string {
  return time24(new Date(iso));
}

/** The browser's zone as its offset from GMT: `GMT`, `GMT+1`, `GMT-5`, `GMT+5:30` (no Intl: see format.ts). */
export function zoneOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'GMT';
  const abs = Math.abs(minutes);
  return `GMT${minutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** When a bookmaker quoted a price, with its day and zone: `Tue 8 Dec 21:34 GMT`. */
export function formatQuoteTime(iso: string): string {
  const date = new Date(iso);
  return `${WEEKDAY_SHORT[date.getDay()]} ${date.getDate()} ${MONTHS[date.getMonth()]!.slice(0, 3)} ${time24(date)} ${zoneOf(date)}`;
}
