/**
 * UK wall-clock time to UTC with the Europe/London rules in force since 1996: British Summer
 * Time (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October. football-data.co.uk kickoff times are UK local times, and the daily generation runs at 06:00 UK time.
 */
const HOUR_MS = 3_600_000;

function lastSunday(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** Whether the instant falls in British Summer Time. */
export function isBritishSummerTime(utcMs: number): boolean {
  const y = new Date(utcMs).getUTCFullYear();
  const start = Date.UTC(y, 2, lastSunday(y, 2), 1);
  const end = Date.UTC(y, 9, lastSunday(y, 9), 1);
  return utcMs >= start && utcMs < end;
}

/** The UTC instant of a UK local date ('YYYY-MM-DD') and time ('HH:MM', default 15:00). */
export function ukLocalToUtc(ymd: string, hhmm = '15:00'): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const summer = wall - HOUR_MS;
  return new Date(isBritishSummerTime(summer) ? summer : wall);
}
