// Starts the real local stack (the same entry point as `npm start`) on a free port with an
// in-memory DynamoDB Local. Used by the e2e global setup and by the web benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface RunningStack {
  url: string;
  /** The stack's DATA_DIR: operator CLIs run with it find this stack. */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startStack(env: Record<string, string | undefined> = {}): Promise<RunningStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: join(repoRoot, 'functions'),
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_IN_MEMORY: '1',
      LOCAL_REQUEST_LOG: '0',
      DATA_DIR: dataDir,
      POWERTOOLS_LOG_LEVEL: 'WARN',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // 600 s bounds a hang: two lanes' stacks starting beside the other layers on 2 busy cores printed
  // nothing for over 120 s (tsx compiling the handlers).
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local stack did not start within 600 s:\n${output}`)), 600_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  // Keep draining the pipes so a chatty stack never blocks on a full buffer.
  child.stdout.resume();
  child.stderr.resume();

  return {
    url,
    dataDir,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Waits until the stack's demo pipeline has produced what the pages show: upcoming
 * predictions, the latest metrics and a trend. A fresh stack bootstraps in about a minute.
 */
/** Runs an operator CLI (`functions/local/cli/<name>.ts`) against the running stack, like `npm run <name>`. */
export function runCli(dataDir: string, name: string, args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `local/cli/${name}.ts`, ...args], {
      cwd: join(repoRoot, 'functions'),
      env: { ...process.env, DATA_DIR: dataDir, POWERTOOLS_LOG_LEVEL: 'WARN' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun(output) : reject(new Error(`npm run ${name} -- ${args.join(' ')} failed (${code}):\n${output}`))));
  });
}

export async function waitForDemoData(url: string, { minPredictions = 20, timeoutMs = 600_000 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = '';
  while (performance.now() < deadline) {
    try {
      const [predictions, metrics, health] = await Promise.all(
        ['/api/predictions', '/api/metrics/latest', '/api/health'].map(async (path) => (await fetch(`${url}${path}`)).json() as Promise<unknown>),
      );
      const count = Array.isArray(predictions) ? predictions.length : 0;
      // A fresh stack's settled picks are backfilled (basis 'backtest'), or published by the replay of the demo's last
      // 30 days, which must have ended (docs/decisions/0332-a-demo-that-has-been-live.md).
      const settled = (metrics as { totalPredictions?: number } | null)?.totalPredictions ?? 0;
      const replaying = (health as { demo?: { replaying: boolean } } | null)?.demo?.replaying === true;
      last = `${count} predictions, metrics ${metrics ? `over ${settled} settled picks` : 'missing'}${replaying ? ', the demo still replaying' : ''}`;
      if (count >= minPredictions && settled > 0 && !replaying) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`The demo data did not appear within ${timeoutMs / 1000} s (last: ${last})`);
}
