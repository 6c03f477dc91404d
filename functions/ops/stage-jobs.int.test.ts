import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobRepository } from '@app/adapters/dynamodb/job-repository';
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import { fixedClock } from '@app/core/clock';
import type { MessageQueue } from '@app/core/queues/ports';
import { makeJobService } from '@app/core/pipeline/jobs';
import { JobRequestedSchema } from '@app/events/job.requested';
import { jobTimings } from '@app/events/queues';
import { makeDispatcher } from '../src/consumers/dispatcher.ts';
import { runOnStage, StageJobError, type StageJobDeps, type StageJobOptions } from './stage-jobs.ts';

const PREFIX = 'https://sqs.eu-west-2.amazonaws.com/123456789012/fp-dev-';
const LEAGUES = ['E0', 'SP1'];

/**
 * The stage's side, faked behind the MessageQueue port: SQS cannot run here. Every sleep of the CLI
 * delivers one queued message to the real job service on the same table, as the stage's planner
 * and workers would, so the CLI sees the run progress one step per poll.
 */
function fakeStage(jobs: DynamoJobRepository, clock: ReturnType<typeof fixedClock>) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const queue: MessageQueue = {
    send: async (name, message) => void sent.push({ url: `${PREFIX}${name}`, body: message as Record<string, unknown> }),
    sendBatch: async (name, messages) => void messages.forEach((m) => sent.push({ url: `${PREFIX}${name}`, body: m as Record<string, unknown> })),
    deadLetter: async () => {},
  };
  const consumers = makeJobService({
    jobs,
    dispatcher: makeDispatcher(queue, () => clock.now()),
    clock,
    rules: jobTimings,
    // The metrics run a finished generation requests.
    newId: () => nextId('STG'),
    leagueIds: async () => LEAGUES,
  });
  let delivered = 0;
  const deliverOne = async () => {
    const next = sent[delivered++];
    if (!next) return;
    const { body } = next;
    if (body.type === 'job.requested') {
      const message = JobRequestedSchema.parse(body);
      await consumers.plan({ ...(message.jobId ? { jobId: message.jobId } : {}), type: message.jobType, requestedBy: message.requestedBy });
    } else if (body.jobType !== 'metrics') {
      const task = body as { jobId: string; jobType: 'generate'; key: string };
      await consumers.runTask(task, async () => `league ${task.key} done`, { receiveCount: 1, invocationEnds: clock.now().getTime() + 60_000 });
    }
  };
  return { queue, sent, deliverOne };
}

let jobs: DynamoJobRepository;
/** Job ids stay unique across the tests of this file (one table). */
let ids = 0;
const nextId = (source: string) => `01KAT000000000000000${source}${String(++ids).padStart(3, '0')}`;
beforeAll(async () => {
  const { doc, tableName } = await createTestTable();
  jobs = new DynamoJobRepository(doc, tableName);
});

function setup(outputs: Record<string, string>) {
  const clock = fixedClock('2026-11-23T10:00:00Z');
  const stage = fakeStage(jobs, clock);
  const lines: string[] = [];
  const asked: string[] = [];
  const connected: Array<{ tableName: string; queueUrlPrefix: string }> = [];
  const deps: StageJobDeps = {
    stackOutputs: async (name) => {
      asked.push(name);
      return outputs;
    },
    connect: (where) => {
      connected.push(where);
      return { jobs, queue: stage.queue };
    },
    clock,
    newId: () => nextId('CLI'),
    sleep: async (ms) => {
      clock.advance(ms);
      await stage.deliverOne();
    },
    print: (line) => lines.push(line),
  };
  return { deps, lines, asked, connected, stage, clock };
}

const options: StageJobOptions = { stage: 'dev', appName: 'fp', jobType: 'generate', leagues: [], followMs: 60_000, pollMs: 5000 };

describe('npm run jobs -- run generate --stage dev', () => {
  it('records the job, sends the planner message to the queue from the stack outputs, and follows the run to the end', async () => {
    const { deps, lines, asked, connected, stage } = setup({ TableName: 'fp-dev-Table', QueueUrlPrefix: PREFIX, SiteUrl: 'https://x' });
    const status = await runOnStage(options, deps);

    expect(asked).toEqual(['fp-dev-jobs']);
    expect(connected).toEqual([{ tableName: 'fp-dev-Table', queueUrlPrefix: PREFIX }]);
    // The planner message, in the versioned shape the planner accepts, to the planner queue.
    const planner = stage.sent[0]!;
    expect(planner.url).toBe(`${PREFIX}jobs-planner`);
    expect(JobRequestedSchema.parse(planner.body)).toMatchObject({ jobType: 'generate', requestedBy: 'cli', jobId: status.id });
    // One task per league went to the generation queue.
    expect(stage.sent.filter((m) => m.url === `${PREFIX}prediction-generation`)).toHaveLength(LEAGUES.length);

    expect(status).toMatchObject({ type: 'generate', status: 'done', total: 2, done: 2, failed: 0 });
    expect(lines[0]).toBe(`Started generate job ${status.id} on fp-dev-jobs (table fp-dev-Table); following it every 5 s.`);
    // Progress: queued, running 0/2, 1/2, then done, each printed once with the time since the start.
    expect(lines.slice(1).map((l) => l.replace(/^\s+[\d.]+ s\s+/, ''))).toEqual([
      `generate ${status.id}: queued, 0/0 done`,
      `generate ${status.id}: running, 0/2 done`,
      `generate ${status.id}: running, 1/2 done`,
      `generate ${status.id}: done, 2/2 done`,
    ]);
    expect(lines[1]).toMatch(/^\s+0\.0 s /);
    expect(lines.at(-1)).toMatch(/^\s+15\.0 s /);
    expect((await jobs.get(status.id))?.requestedBy).toBe('cli');
  });

  it('stops following (the job keeps running) after the follow time, saying so', async () => {
    const { deps, lines, clock } = setup({ TableName: 'fp-dev-Table', QueueUrlPrefix: PREFIX });
    // No delivery: the stage's consumers are not running.
    const status = await runOnStage({ ...options, jobType: 'results', followMs: 10_000 }, { ...deps, sleep: async (ms) => clock.advance(ms) });
    expect(status.status).toBe('queued');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines.at(-1)).toBe(
      'Still queued after 10 s; it keeps running. Follow it on the admin Jobs page (a second run of this command would start another job).',
    );
  });

  it('refuses a stack without the outputs it needs, before writing anything', async () => {
    const { deps, connected } = setup({ TableName: 'fp-dev-Table' });
    await expect(runOnStage(options, deps)).rejects.toThrow(
      new StageJobError('Stack fp-dev-jobs has no QueueUrlPrefix output: deploy it first (docs/deploy.md)'),
    );
    expect(connected).toEqual([]);
  });
});
