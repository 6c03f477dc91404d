// `npm run jobs -- run <type> --stage <stage>`: starts a job on a deployed stage with the
// operator's AWS credentials, the way the admin button does (a job record in the table, then
// the planner message on the planner queue), and follows its record until it ends.
import type { JobStatus } from '@app/contracts/admin';
import type { Clock } from '@app/core/clock';
import type { MessageQueue } from '@app/core/queues/ports';
import { makeJobService } from '@app/core/pipeline/jobs';
import type { JobRepository, JobType } from '@app/core/pipeline/ports';
import { jobTimings } from '@app/events/queues';
import { makeDispatcher } from '../src/consumers/dispatcher.ts';

/** The jobs stack's outputs this command needs (infra/lib/stacks/jobs-stack.ts): the table the functions use, the queues. */
export const TABLE_OUTPUT = 'TableName';
export const QUEUE_URL_PREFIX_OUTPUT = 'QueueUrlPrefix';
/** `fp-prod-jobs`: the stack that holds the queues and names the table. */
export const jobsStackName = (appName: string, stage: string) => `${appName}-${stage}-jobs`;

export interface StageJobOptions {
  stage: string;
  /** The `appName` context of the deploy (stack `<appName>-<stage>`). */
  appName: string;
  jobType: JobType;
  leagues: string[];
  /** Stop following (the job keeps running) after this long. */
  followMs: number;
  pollMs: number;
}

export interface StageJobDeps {
  /** The outputs of a CloudFormation stack, by output key. */
  stackOutputs: (stackName: string) => Promise<Record<string, string>>;
  /** The job table and the job queues of the stage. */
  connect: (where: { tableName: string; queueUrlPrefix: string }) => { jobs: JobRepository; queue: MessageQueue };
  clock: Clock;
  newId: () => string;
  sleep: (ms: number) => Promise<void>;
  print: (line: string) => void;
}

export class StageJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StageJobError';
  }
}

/** The table and queue URL prefix of a deployed stage, from its jobs stack's outputs. */
export async function stageTarget(options: Pick<StageJobOptions, 'appName' | 'stage'>, stackOutputs: StageJobDeps['stackOutputs']) {
  const stackName = jobsStackName(options.appName, options.stage);
  const outputs = await stackOutputs(stackName);
  const tableName = outputs[TABLE_OUTPUT];
  const queueUrlPrefix = outputs[QUEUE_URL_PREFIX_OUTPUT];
  if (!tableName || !queueUrlPrefix) {
    throw new StageJobError(`Stack ${stackName} has no ${!tableName ? TABLE_OUTPUT : QUEUE_URL_PREFIX_OUTPUT} output: deploy it first (docs/deploy.md)`);
  }
  return { stackName, tableName, queueUrlPrefix };
}

/** Starts the job and prints its progress until it ends (or `followMs` passes); returns its last status. */
export async function runOnStage(options: StageJobOptions, deps: StageJobDeps): Promise<JobStatus> {
  const { stackName, tableName, queueUrlPrefix } = await stageTarget(options, deps.stackOutputs);
  const { jobs, queue } = deps.connect({ tableName, queueUrlPrefix });
  const service = makeJobService({
    jobs,
    dispatcher: makeDispatcher(queue, () => deps.clock.now()),
    clock: deps.clock,
    rules: jobTimings,
    newId: deps.newId,
    // Only the planner in the stage's consumer lists the leagues; this process only requests and reads.
    leagueIds: () => Promise.reject(new Error('not used by a request')),
  });
  const job = await service.request(options.jobType, 'cli', options.leagues);
  deps.print(`Started ${options.jobType} job ${job.id} on ${stackName} (table ${tableName}); following it every ${options.pollMs / 1000} s.`);
  return follow(() => service.get(job.id), { ...deps, followMs: options.followMs, pollMs: options.pollMs });
}

/** Prints a line whenever the job's status changes, until it is done or failed. */
export async function follow(
  read: () => Promise<JobStatus>,
  { clock, sleep, print, followMs = Number.POSITIVE_INFINITY, pollMs }: Pick<StageJobDeps, 'clock' | 'sleep' | 'print'> & { followMs?: number; pollMs: number },
): Promise<JobStatus> {
  const started = clock.now().getTime();
  let last = '';
  for (;;) {
    const p = await read();
    const line = `${p.type} ${p.id}: ${p.status}, ${p.done}/${p.total} done${p.failed ? `, ${p.failed} failed` : ''}${p.error ? ` (${p.error})` : ''}`;
    const elapsed = clock.now().getTime() - started;
    if (line !== last) print(`  ${(elapsed / 1000).toFixed(1).padStart(6)} s  ${line}`);
    last = line;
    if (p.status === 'done' || p.status === 'failed') return p;
    if (elapsed >= followMs) {
      print(
        `Still ${p.status} after ${Math.round(elapsed / 1000)} s; it keeps running. Follow it on the admin Jobs page (a second run of this command would start another job).`,
      );
      return p;
    }
    await sleep(pollMs);
  }
}
