/**
 * The demo's last 30 days, lived through once (docs/decisions/0332-a-demo-that-has-been-live.md): a
 * fresh local stack on the demo leagues replays them through the real pipeline on a clock of its own,
 * set to each step's time. Each day's generation at the daily schedule's hour (before that day's
 * kickoffs), odds scans through the day, the results run in the evening; every run goes through the
 * same planner, queue consumers and task handlers as the live stack's schedules, against the same
 * table. So the ledger holds entries published before kickoff in demo time; back-tested entries
 * remain only from the first day's run (the day the leagues were added). Never on a deployed stage:
 * only the local stack calls this, and only on the demo provider.
 */
import { Cron } from 'croner';
import { DAY_MS, type fixedClock } from '@app/core/clock';
import type { JobType } from '@app/core/pipeline/ports';
import { schedules } from '@app/events/schedules';

/** How far back the replay starts. */
export const REPLAY_DAYS = 30;

/** The replay's cadence, in the schedules' own zone: the odds scans of a day, and its evening results run (a firing of the results schedule). */
export const REPLAY_CRONS = { scan: '0 10,14,18 * * *', results: '45 22 * * *' } as const;

/** One run of the replay and its time on the demo clock. */
export interface ReplayStep {
  at: Date;
  run: Extract<JobType, 'generate' | 'results'> | 'scan';
}

/**
 * The steps from `days` days before `to` up to `to`, in time order: each day's generation at the
 * daily-generation schedule's firing, its odds scans and its evening results run
 * (`REPLAY_CRONS`), from the first generation on; a step later than `to` is left to the live stack's catch-up.
 */
export function replaySteps(to: Date, days = REPLAY_DAYS): ReplayStep[] {
  const from = new Date(to.getTime() - days * DAY_MS);
  const daily = schedules.find((s) => s.jobType === 'generate')!;
  const firings = (cron: string, run: ReplayStep['run']): ReplayStep[] => {
    const out: ReplayStep[] = [];
    const timer = new Cron(cron, { timezone: daily.timeZone, paused: true });
    for (let at = timer.nextRun(from); at && at.getTime() <= to.getTime(); at = timer.nextRun(at)) out.push({ at, run });
    timer.stop();
    return out;
  };
  const order = { generate: 0, scan: 1, results: 2 } as const;
  const steps = [...firings(daily.cron, 'generate'), ...firings(REPLAY_CRONS.scan, 'scan'), ...firings(REPLAY_CRONS.results, 'results')].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || order[a.run] - order[b.run],
  );
  // The leagues are added by the first generation: nothing before it has anything to scan or settle.
  const first = steps.findIndex((s) => s.run === 'generate');
  return first < 0 ? [] : steps.slice(first);
}

/**
 * What a replay step runs. `job`: a run requested as the schedules request it, through the planner and
 * its consumers, drained until every queue is idle (its season simulations and the metrics run it
 * starts). `direct`: the same run's work, the generation service's run or results run of every league
 * (what each consumer's task calls), without the season simulations and the metrics run: those
 * depend only on the latest state, and the last runs of the replay go through `job`. `scan`: the
 * odds-scan task's handler.
 */
export interface ReplayRunner {
  job(type: 'generate' | 'results'): Promise<void>;
  direct(type: 'generate' | 'results'): Promise<void>;
  scan(): Promise<void>;
}

/**
 * Runs `steps` in order, the clock set to each step's time first; the first generation (the one that
 * adds the leagues) and the last generation and results runs as jobs, the rest directly. Reports each
 * day done. Returns how many steps ran as jobs.
 */
export async function runReplay(
  steps: ReplayStep[],
  clock: ReturnType<typeof fixedClock>,
  runner: ReplayRunner,
  progress: (day: string, done: number, of: number) => Promise<void> | void,
): Promise<number> {
  const dayOf = (s: ReplayStep) => s.at.toISOString().slice(0, 10);
  const days = [...new Set(steps.map(dayOf))];
  const asJobs = new Set([steps.find((s) => s.run === 'generate'), steps.findLast((s) => s.run === 'generate'), steps.findLast((s) => s.run === 'results')]);
  for (const [i, step] of steps.entries()) {
    clock.set(step.at);
    if (step.run === 'scan') await runner.scan();
    else if (asJobs.has(step)) await runner.job(step.run);
    else await runner.direct(step.run);
    const next = steps[i + 1];
    if (!next || dayOf(next) !== dayOf(step)) await progress(dayOf(step), days.indexOf(dayOf(step)) + 1, days.length);
  }
  return [...asJobs].filter(Boolean).length;
}
