/** The time source of every rule that depends on "now"; tests pass a fixed clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * A clock that reads `start` when created and then runs forward at the pace of `elapsedMs` (real
 * time by default): the local stack can replay any day as if it were today (`LOCAL_CLOCK_START`).
 */
export function clockFrom(start: Date | string, elapsedMs: () => number = () => performance.now()): Clock {
  const startMs = new Date(start).getTime();
  if (!Number.isFinite(startMs)) throw new Error(`Not a date: '${String(start)}'`);
  const origin = elapsedMs();
  return { now: () => new Date(startMs + (elapsedMs() - origin)) };
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/** `yyyy-mm-dd` of the UTC day containing `date`. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Every UTC day (`yyyy-mm-dd`) that overlaps [from, to]. */
export function utcDaysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (cursor.getTime() <= to.getTime()) {
    days.push(utcDay(cursor));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}
