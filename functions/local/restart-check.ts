// `npm run jobs -- restart-check`: kills the local stack (kill -9 of its process group, DynamoDB
// Local included) in the middle of its first-start backfill, starts it again on the same data,
// and compares the predictions, settlements and metrics it ends with to those of a start that
// was never interrupted. Exits 1 when they differ. Uses two temporary data folders and free ports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './env.ts';
import { emailedToken } from './outbox-link.ts';

const ADMIN = 'restart-check@example.com';
const PASSWORD = 'correct horse battery';
const log = (line: string) => console.log(`[restart-check] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Stack {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** Starts the local stack in its own process group (so kill -9 of the group takes DynamoDB Local too). */
function start(dataDir: string, port: number): Stack {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: join(repoRoot, 'functions'),
    detached: true,
    // The first run's backfill is what it interrupts; a replay of the demo cut short is not resumed (docs/decisions/0332-a-demo-that-has-been-live.md).
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, LOCAL_REQUEST_LOG: '0', LOG_LEVEL: 'INFO', LOCAL_DEMO_REPLAY: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  return { child, port, output: () => text };
}

async function stop(stack: Stack, signal: 'SIGKILL' | 'SIGINT'): Promise<void> {
  const exited = new Promise((r) => stack.child.once('exit', r));
  if (signal === 'SIGKILL') process.kill(-stack.child.pid!, 'SIGKILL');
  else stack.child.kill('SIGINT');
  await exited;
  // Java may take a moment to go after its parent.
  await sleep(1000);
}

async function api(port: number, path: string, init: RequestInit = {}, cookie = ''): Promise<{ status: number; json: unknown; cookie: string }> {
  // Our origin on the API's unsafe requests only: /__local/* refuses another origin than its own.
  const headers: Record<string, string> = { 'content-type': 'application/json', cookie, ...(init.headers as Record<string, string> | undefined) };
  if (init.method && init.method !== 'GET') headers.origin = `http://localhost:${port}`;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers });
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, json: await res.json().catch(() => undefined), cookie: set || cookie };
}

/** Waits until every queue is empty and the latest run of each job type has finished, twice in a row. */
async function settle(port: number, timeoutMs = 8 * 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let quiet = 0;
  while (Date.now() < until) {
    try {
      const queues = (await api(port, '/__local/queues')).json as Array<{ depth: number }>;
      const latest = (await api(port, '/__local/jobs')).json as Record<string, { status: string } | null>;
      const started = Object.values(latest).some(Boolean);
      const finished = started && Object.values(latest).every((j) => !j || j.status === 'done' || j.status === 'failed');
      quiet = queues.every((q) => q.depth === 0) && finished ? quiet + 1 : 0;
      if (quiet >= 3) return;
    } catch {
      quiet = 0;
    }
    await sleep(1000);
  }
  throw new Error('the stack did not settle in time');
}

/** Drops what depends on when it ran (timestamps), keeps what was predicted, settled and measured. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !/(At|Time)$/.test(k))
        .map(([k, v]) => [k, normalise(v)]),
    );
  }
  return value;
}

async function snapshot(port: number) {
  const login = async () => (await api(port, '/api/auth/login', { method: 'POST', body: JSON.stringify({ email: ADMIN, password: PASSWORD }) })).cookie;
  let session = await login();
  if (!session) {
    // A new account signs in once its emailed link confirmed it (docs/decisions/0200-sign-up-signs-in.md).
    await api(port, '/api/auth/register', { method: 'POST', body: JSON.stringify({ email: ADMIN, password: PASSWORD, acceptTerms: true, confirmAge: true }) });
    await api(port, '/api/auth/verify-email', {
      method: 'POST',
      body: JSON.stringify({ token: await emailedToken(`http://127.0.0.1:${port}`, ADMIN, '/verify-email') }),
    });
    session = await login();
  }
  const get = async (path: string) => normalise((await api(port, path, {}, session)).json);
  return {
    tracked: await get('/api/tracking/predictions?days=30'),
    upcoming: await get('/api/predictions'),
    metrics: await get('/api/metrics/latest'),
    trend: await get('/api/metrics/trend'),
  };
}

const dirs = [mkdtempSync(join(tmpdir(), 'restart-check-a-')), mkdtempSync(join(tmpdir(), 'restart-check-b-'))];
try {
  log('uninterrupted first start...');
  const a = start(dirs[0]!, await freePort());
  await settle(a.port);
  const expected = await snapshot(a.port);
  await stop(a, 'SIGINT');

  log('first start, killed (kill -9 of its process group) in the middle of the backfill...');
  const port = await freePort();
  const b = start(dirs[1]!, port);
  const t0 = Date.now();
  while (!b.output().includes('League generated')) {
    if (Date.now() - t0 > 5 * 60_000) throw new Error(`no league was generated:\n${b.output()}`);
    await sleep(100);
  }
  const before = (await api(port, '/__local/jobs')).json as Record<string, { status: string; done: number; total: number } | null>;
  log(`killing it with generation at ${before.generate?.done}/${before.generate?.total} leagues (${before.generate?.status})`);
  await stop(b, 'SIGKILL');

  log('starting it again on the same data...');
  const again = start(dirs[1]!, port);
  const t1 = Date.now();
  await settle(port);
  log(`settled ${((Date.now() - t1) / 1000).toFixed(0)} s after the restart`);
  const actual = await snapshot(port);
  console.log(
    again
      .output()
      .split('\n')
      .filter((l) => l.includes('[local] resuming'))
      .join('\n'),
  );
  await stop(again, 'SIGINT');

  let same = true;
  for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
    const equal = JSON.stringify(expected[key]) === JSON.stringify(actual[key]);
    const size = Array.isArray(expected[key]) ? ` (${(expected[key] as unknown[]).length} rows)` : '';
    log(`${key}${size}: ${equal ? 'same' : 'DIFFERENT'}`);
    if (!equal) {
      same = false;
      const file = join(tmpdir(), `restart-check-${key}.json`);
      writeFileSync(file, JSON.stringify({ expected: expected[key], actual: actual[key] }, null, 1));
      log(`  both versions written to ${file}`);
    }
  }
  log(same ? 'PASS: the interrupted start ended with the same predictions, settlements and metrics' : 'FAIL');
  process.exitCode = same ? 0 : 1;
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
