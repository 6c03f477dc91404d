import { Cron } from 'croner';
import type { JobRequested } from '@app/events/job.requested';
import type { ScheduleDefinition } from '@app/events/schedules';

/** The message a firing puts on the planner queue: as EventBridge Scheduler's, it carries the schedule and its scheduled time. */
export function firingMessage(schedule: ScheduleDefinition, scheduledAt: Date): JobRequested {
  return {
    type: 'job.requested',
    version: 1,
    jobType: schedule.jobType,
    requestedBy: 'schedule',
    schedule: schedule.name,
    requestedAt: scheduledAt.toISOString(),
  };
}

/**
 * Runs the schedule definitions of events/ on local timers, the way EventBridge Scheduler does
 * on AWS: each firing puts a `job.requested` message on the planner queue.
 */
export function startScheduler(
  schedules: ScheduleDefinition[],
  send: (message: JobRequested) => Promise<void>,
  onError: (schedule: string, error: unknown) => void,
): { stop(): void; next(): Array<{ name: string; next: Date | null }> } {
  const jobs = schedules.map(
    (s) =>
      new Cron(s.cron, { timezone: s.timeZone, protect: true, name: s.name }, async (self: Cron) => {
        try {
          // The firing's scheduled time, so the planner names the run after it.
          await send(firingMessage(s, self.currentRun() ?? new Date()));
        } catch (error) {
          onError(s.name, error);
        }
      }),
  );
  return {
    stop: () => jobs.forEach((j) => j.stop()),
    next: () => jobs.map((j, i) => ({ name: schedules[i]!.name, next: j.nextRun() })),
  };
}
