// The local stack's configuration: sets the environment the config module reads, before the
// stack's base is built. Values the user set in the environment win.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

// Every local entry point (the stack, the operator CLIs) reads this module first. Domain modules
// import data files (`.txt`) that esbuild inlines into the Lambda bundles; under tsx, this hook
// does the same (scripts/text-modules.mjs). Registered before any of them is imported.
register('../../scripts/text-modules.mjs', import.meta.url);

export interface LocalEnv {
  port: number;
  /** The interface the server listens on: loopback unless HOST says otherwise, with LOCAL_ALLOW_REMOTE=1. */
  host: string;
  /** LOCAL_ALLOW_REMOTE=1: the operator accepted a non-loopback HOST (and, without jdk.compiler, DynamoDB Local on every interface). */
  allowRemote: boolean;
  /** What the operator must be told at start (printed by main.ts). */
  warnings: string[];
  dataDir: string;
  inMemory: boolean;
  /** LOCAL_PIPELINE=off: no schedules and no catch-up jobs (benchmarks, a fixed data set). */
  pipeline: boolean;
  /**
   * LOCAL_DEMO_REPLAY=off: a fresh stack on the demo leagues starts from its first run's back-test instead of
   * replaying the demo's last 30 days (docs/decisions/0332-a-demo-that-has-been-live.md); the e2e tests' stack.
   */
  demoReplay: boolean;
  /** LOCAL_CLOCK_START=<ISO instant>: the stack's clock starts there and runs on (the e2e tests pin it). */
  clockStart?: Date;
  /**
   * LOCAL_SCRYPT_LOG_N=<10..17>: new password hashes at this cost instead of OWASP's 17; the e2e
   * tests' stack only (docs/decisions/0272-test-stacks-hash-passwords-cheaper.md).
   */
  scryptLogN?: number;
}

/** Loopback addresses: the local stack serves the person at this machine only. */
export const isLoopbackHost = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);

export class UnsafeBindError extends Error {
  constructor(host: string) {
    super(
      `HOST=${host} would serve the local stack (its test-mode checkout, outbox and operator endpoints) to other machines.\n` +
        'Set LOCAL_ALLOW_REMOTE=1 as well to do it anyway, on a network you trust (docs/decisions/0150-local-stack-on-loopback-only.md).',
    );
    this.name = 'UnsafeBindError';
  }
}

/**
 * Reads the local stack's own knobs (PORT, HOST, LOCAL_ALLOW_REMOTE, DATA_DIR, LOCAL_IN_MEMORY,
 * LOCAL_PIPELINE, LOCAL_DEMO_REPLAY, LOCAL_CLOCK_START, LOCAL_SCRYPT_LOG_N). A non-loopback HOST is refused unless LOCAL_ALLOW_REMOTE=1,
 * and then comes with a warning.
 */
export function readLocalEnv(): LocalEnv {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${process.env.PORT}'`);
  const clockStart = process.env.LOCAL_CLOCK_START?.trim() ? new Date(process.env.LOCAL_CLOCK_START) : undefined;
  if (clockStart && Number.isNaN(clockStart.getTime())) throw new Error(`LOCAL_CLOCK_START must be an ISO date-time, got '${process.env.LOCAL_CLOCK_START}'`);
  const scryptLogN = process.env.LOCAL_SCRYPT_LOG_N?.trim() ? Number(process.env.LOCAL_SCRYPT_LOG_N) : undefined;
  if (scryptLogN !== undefined && !(Number.isInteger(scryptLogN) && scryptLogN >= 10 && scryptLogN <= 17))
    throw new Error(`LOCAL_SCRYPT_LOG_N must be a whole number from 10 to 17, got '${process.env.LOCAL_SCRYPT_LOG_N}'`);
  const host = process.env.HOST?.trim() || '127.0.0.1';
  const allowRemote = process.env.LOCAL_ALLOW_REMOTE === '1' || process.env.LOCAL_ALLOW_REMOTE === 'true';
  if (!isLoopbackHost(host) && !allowRemote) throw new UnsafeBindError(host);
  const warnings = isLoopbackHost(host)
    ? []
    : [`WARNING: HOST=${host} (LOCAL_ALLOW_REMOTE=1): the local stack answers other machines; /__local/* still answers loopback peers only.`];
  return {
    port,
    host,
    allowRemote,
    warnings,
    dataDir: resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
    inMemory: process.env.LOCAL_IN_MEMORY === '1' || process.env.LOCAL_IN_MEMORY === 'true',
    pipeline: process.env.LOCAL_PIPELINE !== 'off',
    demoReplay: process.env.LOCAL_DEMO_REPLAY !== 'off',
    ...(clockStart ? { clockStart } : {}),
    ...(scryptLogN === undefined ? {} : { scryptLogN }),
  };
}

/** Environment defaults for the handlers when they run inside the local stack. */
export function applyLocalDefaults(values: { port: number; dynamodbEndpoint: string }): void {
  const defaults: Record<string, string> = {
    STAGE: 'local',
    APP_ORIGIN: `http://localhost:${values.port}`,
    // Not the Vite dev server's origin: its proxy presents its own page's requests as this origin
    // while it runs (web/vite.config.ts), so no other page on that port is ever let in.
    EXTRA_ORIGINS: `http://127.0.0.1:${values.port}`,
    DYNAMODB_ENDPOINT: values.dynamodbEndpoint,
    TABLE_NAME: 'App',
    QUEUE_DRIVER: 'local',
    POWERTOOLS_DEV: 'true',
  };
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
  // A relative folder means relative to where the user ran `npm start`, not to functions/.
  if (process.env.FOOTBALL_DATA_DIR && !isAbsolute(process.env.FOOTBALL_DATA_DIR)) {
    process.env.FOOTBALL_DATA_DIR = resolve(process.env.INIT_CWD ?? repoRoot, process.env.FOOTBALL_DATA_DIR);
  }
  // The endpoint of the DynamoDB Local we just started always wins.
  process.env.DYNAMODB_ENDPOINT = values.dynamodbEndpoint;
}

/**
 * Makes the stack's data folder its user's alone (L5): the folder and every folder in it 0700,
 * every file 0600, those from an earlier run included; and the stack's umask 077, so what it and
 * DynamoDB Local (a child, which inherits it) create from now on is the same. Other users of the
 * machine cannot read the table, the session key or the webhook secret.
 */
export function makeDataDirPrivate(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tighten = (path: string) => {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const inside = join(path, entry.name);
      if (entry.isDirectory()) tighten(inside);
      else if (entry.isFile()) chmodSync(inside, 0o600);
    }
  };
  tighten(dir);
}

/**
 * Secrets of the local stack, generated once into `.data/` (or per run when in memory): the
 * session signing key, and the webhook signing secret of the local test-mode payment provider
 * when no Stripe keys are configured.
 */
export function applyLocalSecrets(env: LocalEnv): void {
  const secret = (name: string) => {
    if (env.inMemory) return randomBytes(32).toString('base64url');
    const file = join(env.dataDir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(env.dataDir, { recursive: true });
    const value = randomBytes(32).toString('base64url');
    writeFileSync(file, value, { mode: 0o600 });
    return value;
  };
  process.env.SESSION_SECRET ??= secret('session-secret');
  if (!process.env.STRIPE_SECRET_KEY) process.env.STRIPE_WEBHOOK_SECRET ??= `whsec_local_${secret('local-webhook-secret')}`;
}
