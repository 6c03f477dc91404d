// `npm run jobs -- run <generate|results|metrics> [--league X]`: runs a job and follows it to the end.
// With `npm start` running, the running stack does the work; otherwise this process runs the
// queue consumers itself against the local table.
// `npm run jobs -- run <type> --stage <dev|prod>`: the same on a deployed stage, with the
// operator's AWS credentials (stage-jobs.ts; docs/deploy.md, runbook step "First data").
// `npm run jobs -- redrive [--stage <stage>]`: replays the undelivered emails (their records) and,
// locally, moves every other dead letter of the running stack back onto its queue.
// `npm run jobs -- restart-check`: see local/restart-check.ts.
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { systemClock } from '@app/core/clock';
import { connectLocal, fail, runningStack } from './connect.ts';
import { follow, runOnStage, stageTarget } from '../../ops/stage-jobs.ts';
import type { JobStatus } from '@app/contracts/admin';

const USAGE =
  'Usage: npm run jobs -- run <generate|results|metrics> [--league E0[,SP1]]\n' +
  '       npm run jobs -- run <generate|results|metrics> --stage <dev|staging|prod> [--region eu-west-2] [--app-name fp] [--follow-minutes 30]\n' +
  '       npm run jobs -- redrive [--stage <dev|staging|prod> [--region eu-west-2] [--app-name fp]]\n' +
  '       npm run jobs -- restart-check';
const parse = () =>
  parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      league: { type: 'string' },
      stage: { type: 'string' },
      region: { type: 'string' },
      'app-name': { type: 'string', default: 'fp' },
      'follow-minutes': { type: 'string', default: '30' },
    },
  });
let parsed: ReturnType<typeof parse>;
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [command, type] = parsed.positionals;
if (command === 'redrive') {
  await (parsed.values.stage ? redriveOnStage(parsed.values.stage) : redrive());
  process.exit(process.exitCode ?? 0);
}
if (command === 'restart-check') {
  await import('../restart-check.ts');
  process.exit(process.exitCode ?? 0);
}
const leagues = parsed.values.league ? parsed.values.league.split(',') : [];
const TYPES = ['generate', 'results', 'metrics'] as const;
if (command !== 'run' || !TYPES.includes(type as (typeof TYPES)[number])) fail(USAGE);
const jobType = type as (typeof TYPES)[number];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const print = (line: string) => console.log(line);
const exitOn = (status: { status: string; failed: number }) => {
  if (status.status !== 'done' || status.failed > 0) process.exitCode = 1;
};

if (parsed.values.stage) {
  await runDeployed(parsed.values.stage);
  process.exit(process.exitCode ?? 0);
}

const stack = runningStack();
if (stack) {
  const res = await fetch(`http://127.0.0.1:${stack.port}/__local/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: jobType, leagues }),
  });
  const body = (await res.json()) as { jobId?: string; error?: string };
  if (!res.ok || !body.jobId) fail(`Could not start the job: ${body.error ?? res.status}`);
  exitOn(
    await follow(async () => (await fetch(`http://127.0.0.1:${stack.port}/__local/jobs/${body.jobId}`).then((r) => r.json())) as JobStatus, {
      clock: systemClock,
      sleep,
      print,
      pollMs: 500,
    }),
  );
} else {
  const { base, release } = await connectLocal();
  try {
    const { localQueue } = await import('../adapters.ts');
    const { buildJobs } = await import('../../src/composition/pipeline.ts');
    const { consumers, deadLetterConsumer } = await import('../../src/routes.ts');
    const { subscribeConsumers } = await import('../stack.ts');
    const queue = localQueue(base);
    await subscribeConsumers(base, queue, consumers, deadLetterConsumer);
    queue.start();
    const jobs = buildJobs(base);
    const job = await jobs.request(jobType, 'cli', leagues);
    exitOn(await follow(() => jobs.get(job.id), { clock: systemClock, sleep, print, pollMs: 500 }));
    // Let the follow-up stage (metrics) finish too before stopping.
    await new Promise((r) => setTimeout(r, 500));
    await queue.drain();
    await queue.stop();
  } finally {
    await release();
  }
}

async function runDeployed(stage: string): Promise<void> {
  checkStage(stage);
  const followMinutes = Number(parsed.values['follow-minutes']);
  if (!Number.isFinite(followMinutes) || followMinutes < 0) fail(`--follow-minutes must be a number of minutes\n${USAGE}`);
  const region = parsed.values.region ?? process.env.AWS_REGION ?? 'eu-west-2';
  const [{ SQSClient }, { createDocumentClient }, { DynamoJobRepository }, { SqsMessageQueue }, { ulid }] = await Promise.all([
    import('@aws-sdk/client-sqs'),
    import('@app/adapters/dynamodb/client'),
    import('@app/adapters/dynamodb/job-repository'),
    import('@app/adapters/sqs/sqs-message-queue'),
    import('ulid'),
  ]);
  try {
    const status = await runOnStage(
      { stage, appName: parsed.values['app-name']!, jobType, leagues, followMs: followMinutes * 60_000, pollMs: 5000 },
      {
        stackOutputs: stackOutputsIn(region),
        connect: ({ tableName, queueUrlPrefix }) => ({
          jobs: new DynamoJobRepository(createDocumentClient({ region }), tableName),
          queue: new SqsMessageQueue(new SQSClient({ region }), queueUrlPrefix),
        }),
        clock: systemClock,
        newId: () => ulid(),
        sleep,
        print,
      },
    );
    exitOn(status);
  } catch (error) {
    const missingCli = (error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (install the AWS CLI v2: it reads the stack outputs)' : '';
    fail(`Could not run ${jobType} on ${stage}: ${(error as Error).message}${missingCli}`);
  }
}

function checkStage(stage: string): void {
  if (!['dev', 'staging', 'prod'].includes(stage)) fail(`--stage must be dev, staging or prod\n${USAGE}`);
}

/** The outputs of a stack, read by the AWS CLI the runbook uses anyway (the SDKs read credentials the same way). */
function stackOutputsIn(region: string) {
  return async (stackName: string): Promise<Record<string, string>> => {
    const { stdout } = await promisify(execFile)('aws', [
      'cloudformation',
      'describe-stacks',
      '--stack-name',
      stackName,
      '--region',
      region,
      '--query',
      'Stacks[0].Outputs',
      '--output',
      'json',
    ]);
    const outputs = (JSON.parse(stdout) ?? []) as Array<{ OutputKey: string; OutputValue: string }>;
    return Object.fromEntries(outputs.map((o) => [o.OutputKey, o.OutputValue]));
  };
}

/**
 * On a deployed stage, replays the undelivered emails the dead-letter consumer recorded (the SQS
 * dead-letter queues are emptied as the books are closed; job dead letters: docs/operations.md).
 */
async function redriveOnStage(stage: string): Promise<void> {
  checkStage(stage);
  const region = parsed.values.region ?? process.env.AWS_REGION ?? 'eu-west-2';
  const [
    { SQSClient },
    { createDocumentClient },
    { DynamoUndeliveredEmailRepository },
    { SqsMessageQueue },
    { redriveUndeliveredEmails },
    { parseEmailRequest },
  ] = await Promise.all([
    import('@aws-sdk/client-sqs'),
    import('@app/adapters/dynamodb/client'),
    import('@app/adapters/dynamodb/email-repositories'),
    import('@app/adapters/sqs/sqs-message-queue'),
    import('@app/core/email/deliverability'),
    import('@app/events/email.requested'),
  ]);
  try {
    const { stackName, tableName, queueUrlPrefix } = await stageTarget({ appName: parsed.values['app-name']!, stage }, stackOutputsIn(region));
    const report = await redriveUndeliveredEmails({
      store: new DynamoUndeliveredEmailRepository(createDocumentClient({ region }), tableName),
      queue: new SqsMessageQueue(new SQSClient({ region }), queueUrlPrefix),
      now: () => systemClock.now(),
      parse: parseEmailRequest,
    });
    printEmailRedrive(report, stackName);
  } catch (error) {
    fail(`Could not redrive on ${stage}: ${(error as Error).message}`);
  }
}

function printEmailRedrive(report: { redriven: number; kept: Array<{ id: string; reason: string }> }, where: string): void {
  console.log(`  email: ${report.redriven} undelivered email(s) back on the queue (${where})`);
  for (const k of report.kept) console.log(`  email: kept ${k.id}, ${k.reason}`);
}

/**
 * Replays the dead letters of the running stack (the local queue lives in its process): each goes
 * back onto its queue with a fresh receive count, and a replayed task reopens its run. Emails are
 * replayed from their records (kept in the table across restarts), as on AWS.
 */
async function redrive(): Promise<void> {
  const stack = runningStack();
  if (!stack) fail('No running stack (npm start): the local queue, and its dead letters, live in its process.');
  const base = `http://127.0.0.1:${stack!.port}/__local/queues`;
  const queues = (await fetch(base).then((r) => r.json())) as Array<{ name: string; deadLetters: Array<{ reason: string }> }>;
  let total = 0;
  for (const q of queues) {
    if (q.name === 'email') {
      const res = await fetch(`${base}/email/redrive`, { method: 'POST' });
      const report = (await res.json()) as { redriven: number; kept: Array<{ id: string; reason: string }>; error?: string };
      if (!res.ok) fail(`Could not redrive the emails: ${report.error ?? res.status}`);
      printEmailRedrive(report, 'local');
      total += report.redriven;
      continue;
    }
    if (q.deadLetters.length === 0) continue;
    const res = await fetch(`${base}/${q.name}/redrive`, { method: 'POST' });
    const body = (await res.json()) as { redriven?: number; error?: string };
    if (!res.ok) fail(`Could not redrive ${q.name}: ${body.error ?? res.status}`);
    console.log(`  ${q.name}: ${body.redriven} message(s) back on the queue (${[...new Set(q.deadLetters.map((d) => d.reason))].join('; ')})`);
    total += body.redriven ?? 0;
  }
  console.log(total ? `Redriven ${total} dead letter(s).` : 'No dead letters.');
}
