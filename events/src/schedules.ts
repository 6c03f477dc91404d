import { createHash } from 'node:crypto';
import type { JobType } from './job.requested.ts';

/**
 * Recurring jobs. Each fires a `job.requested` message on the planner queue.
 * Cron fields: minute hour day-of-month month day-of-week, in `timeZone`.
 */
export interface ScheduleDefinition {
  name: string;
  description: string;
  cron: string;
  timeZone: string;
  jobType: JobType;
}

export const schedules: ScheduleDefinition[] = [
  {
    name: 'daily-prediction-generation',
    description: 'Sync fixtures and odds, then generate predictions for the next 7 days',
    cron: '0 6 * * *',
    timeZone: 'Europe/London',
    jobType: 'generate',
  },
  {
    name: 'result-ingestion',
    description: 'Settle finished fixtures (metrics are recomputed after each run)',
    // At :15 and :45, off the minute of generation (06:00) and metrics (00:05): two runs never start
    // together, so they do not share a provider's per-minute request budget.
    cron: '15,45 * * * *',
    timeZone: 'Europe/London',
    jobType: 'results',
  },
  {
    name: 'daily-metrics',
    description: 'Recompute the latest metrics and the daily trend entry',
    cron: '5 0 * * *',
    timeZone: 'Europe/London',
    jobType: 'metrics',
  },
];

/** EventBridge Scheduler wants `cron(min hour dom month dow year)` with `?` in one day field. */
export function toAwsCron(cron: string): string {
  const [minute, hour, dom, month, dow] = cron.trim().split(/\s+/);
  if (!minute || !hour || !dom || !month || !dow) throw new Error(`Invalid cron '${cron}'`);
  const dayOfWeek = dow === '*' ? '?' : dow;
  const dayOfMonth = dow === '*' ? dom : '?';
  return `cron(${minute} ${hour} ${dayOfMonth} ${month} ${dayOfWeek} *)`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of the run a schedule fires at `scheduledTime`: a ULID whose time part is the
 * scheduled time and whose random part comes from the schedule's name. The same firing,
 * delivered twice, always names the same run; runs still sort by time.
 */
export function scheduledJobId(schedule: string, scheduledTime: string): string {
  const ms = Date.parse(scheduledTime);
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`Invalid scheduled time '${scheduledTime}'`);
  let time = '';
  for (let rest = ms, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32]! + time;
  const digest = createHash('sha256').update(schedule).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[digest[i]! % 32];
  return time + random;
}
