// `npm run jobs -- run <generate|results|metrics> [--league X]`: runs a job and follows it to the end.
// With `npm start` running, the running stack does the work; otherwise this process runs the
// queue consumers itself against the local table.
// `npm run jobs -- redrive`: moves every dead letter of the running stack back onto its queue.
// `npm run jobs -- restart-check`: see local/restart-check.ts.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { connectLocal, fail, runningStack } from './connect.ts';
import { repoRoot } from '../env.ts';

const USAGE = 'Usage: npm run jobs -- run <generate|results|metrics> [--league E0[,SP1]]\n       npm run jobs -- redrive\n       npm run jobs -- restart-check';
const args = process.argv.slice(2);
const [command, type] = args;
if (command === 'redrive') {
  await redrive();
  process.exit(process.exitCode ?? 0);
}
if (command === 'restart-check') {
  await import('../restart-check.ts');
  process.exit(process.exitCode ?? 0);
}
const leagueFlag = args.indexOf('--league');
const leagues = leagueFlag >= 0 && args[leagueFlag + 1] ? args[leagueFlag + 1]!.split(',') : [];
const TYPES = ['generate', 'results', 'metrics'] as const;
if (command !== 'run' || !TYPES.includes(type as (typeof TYPES)[number])) fail(USAGE);
const jobType = type as (typeof TYPES)[number];

const stack = runningStack();
if (stack) {
  const res = await fetch(`http://127.0.0.1:${stack.port}/__local/jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: jobType, leagues }),
  });
  const body = (await res.json()) as { jobId?: string; error?: string };
  if (!res.ok || !body.jobId) fail(`Could not start the job: ${body.error ?? res.status}`);
  await follow(async () => (await (await fetch(`http://127.0.0.1:${stack.port}/__local/jobs/${body.jobId}`)).json()) as Progress);
} else {
  const release = await connectLocal();
  try {
    const { localQueue } = await import('../adapters.ts');
    const { jobService } = await import('../../src/composition/pipeline.ts');
    const { consumers, deadLetterConsumer } = await import('../../src/routes.ts');
    const queue = localQueue();
    const consumer = async (handler: string) => ((await import(pathToFileURL(join(repoRoot, 'functions', 'src', `${handler}.ts`)).href)) as { handler: Parameters<typeof queue.subscribe>[1] }).handler;
    for (const c of consumers) queue.subscribe(c.queue, await consumer(c.handler));
    queue.subscribeDeadLetters(await consumer(deadLetterConsumer.handler));
    queue.start();
    const jobs = await jobService();
    const job = await jobs.request(jobType, 'cli', leagues);
    await follow(() => jobs.get(job.id));
    // Let the follow-up stage (metrics) finish too before stopping.
    await new Promise((r) => setTimeout(r, 500));
    await queue.drain();
    await queue.stop();
  } finally {
    await release();
  }
}

interface Progress {
  id: string;
  type: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  error?: string | null;
}

async function follow(read: () => Promise<Progress>): Promise<void> {
  const started = Date.now();
  let last = '';
  for (;;) {
    const p = await read();
    const line = `${p.type} ${p.id}: ${p.status}, ${p.done}/${p.total} done${p.failed ? `, ${p.failed} failed` : ''}${p.error ? ` (${p.error})` : ''}`;
    if (line !== last) console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`);
    last = line;
    if (p.status === 'done' || p.status === 'failed') {
      if (p.status === 'failed' || p.failed > 0) process.exitCode = 1;
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Replays the dead letters of the running stack (the local queue lives in its process): each goes
 * back onto its queue with a fresh receive count, and a replayed task reopens its run.
 */
async function redrive(): Promise<void> {
  const stack = runningStack();
  if (!stack) fail('No running stack (npm start): the local queue, and its dead letters, live in its process.');
  const base = `http://127.0.0.1:${stack!.port}/__local/queues`;
  const queues = (await (await fetch(base)).json()) as Array<{ name: string; deadLetters: Array<{ reason: string }> }>;
  let total = 0;
  for (const q of queues) {
    if (q.deadLetters.length === 0) continue;
    const res = await fetch(`${base}/${q.name}/redrive`, { method: 'POST' });
    const body = (await res.json()) as { redriven?: number; error?: string };
    if (!res.ok) fail(`Could not redrive ${q.name}: ${body.error ?? res.status}`);
    console.log(`  ${q.name}: ${body.redriven} message(s) back on the queue (${[...new Set(q.deadLetters.map((d) => d.reason))].join('; ')})`);
    total += body.redriven ?? 0;
  }
  console.log(total ? `Redriven ${total} dead letter(s).` : 'No dead letters.');
}
