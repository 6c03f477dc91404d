/**
 * The compact list's day headings and times (docs/product.md#display-formats), apart from
 * format.ts so the landing page's first load does not carry them.
 */
import { localDay, MONTHS, time24 } from '@/utils/format';

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
