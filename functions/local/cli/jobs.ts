// `npm run jobs -- run <generate|results|metrics> [--league X]`: runs a job and follows it to the end.
// With `npm start` running, the running stack does the work; otherwise this process runs the
// queue consumers itself against the local table.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { connectLocal, fail, runningStack } from './connect.ts';
import { repoRoot } from '../env.ts';

const args = process.argv.slice(2);
const [command, type] = args;
const leagueFlag = args.indexOf('--league');
const leagues = leagueFlag >= 0 && args[leagueFlag + 1] ? args[leagueFlag + 1]!.split(',') : [];
const TYPES = ['generate', 'results', 'metrics'] as const;
if (command !== 'run' || !TYPES.includes(type as (typeof TYPES)[number])) {
  fail('Usage: npm run jobs -- run <generate|results|metrics> [--league E0[,SP1]]');
}
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
    const composition = await import('../../src/composition.ts');
    const { consumers } = await import('../../src/routes.ts');
    const queue = composition.localQueue();
    for (const c of consumers) {
      const mod = (await import(pathToFileURL(join(repoRoot, 'functions', 'src', `${c.handler}.ts`)).href)) as { handler: Parameters<typeof queue.subscribe>[1] };
      queue.subscribe(c.queue, mod.handler);
    }
    queue.start();
    const jobs = await composition.jobService();
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
