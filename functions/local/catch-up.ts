import { HOUR_MS, type Clock } from '@app/core/clock';
import type { JobService } from '@app/core/pipeline/jobs';

/**
 * The schedules only fire while the stack runs. On start, resume the runs a stopped (or killed)
 * stack left unfinished, then run what was missed: the daily
 * generation (on the very first start it also imports history and backfills 30 days, so the
 * track record has numbers at once) and the half-hourly result ingestion.
 */
export async function catchUp(jobs: JobService, clock: Clock, log: (line: string) => void): Promise<void> {
  // The local queue lived in the stopped process: runs it left unfinished go back to the planner.
  const resumed = await jobs.resumeUnfinished();
  if (resumed.length) log(`resuming ${resumed.length} unfinished run(s): ${resumed.join(', ')}`);
  const now = clock.now().getTime();
  const generate = await jobs.latest('generate');
  if (!generate || now - Date.parse(generate.createdAt) > 20 * HOUR_MS) {
    const job = await jobs.request('generate', 'pipeline');
    log(generate ? `generation is overdue: started job ${job.id}` : `first start: importing history and backfilling 30 days (job ${job.id})`);
  }
  const results = await jobs.latest('results');
  if (generate && (!results || now - Date.parse(results.createdAt) > HOUR_MS / 2)) {
    const job = await jobs.request('results', 'pipeline');
    log(`result ingestion is overdue: started job ${job.id}`);
  }
}
