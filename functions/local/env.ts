// The local stack's configuration: sets the environment the handlers' config module reads,
// before any handler is imported. Values the user set in the environment win.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface LocalEnv {
  port: number;
  /** The interface the server listens on: loopback unless HOST says otherwise (a shared host must opt in). */
  host: string;
  dataDir: string;
  inMemory: boolean;
  /** LOCAL_PIPELINE=off: no schedules and no catch-up jobs (benchmarks, a fixed data set). */
  pipeline: boolean;
  /** LOCAL_CLOCK_START=<ISO instant>: the stack's clock starts there and runs on (the e2e tests pin it). */
  clockStart?: Date;
}

/** Reads the local stack's own knobs (PORT, HOST, DATA_DIR, LOCAL_IN_MEMORY, LOCAL_PIPELINE, LOCAL_CLOCK_START). */
export function readLocalEnv(): LocalEnv {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${process.env.PORT}'`);
  const clockStart = process.env.LOCAL_CLOCK_START?.trim() ? new Date(process.env.LOCAL_CLOCK_START) : undefined;
  if (clockStart && Number.isNaN(clockStart.getTime())) throw new Error(`LOCAL_CLOCK_START must be an ISO date-time, got '${process.env.LOCAL_CLOCK_START}'`);
  return {
    port,
    host: process.env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
    inMemory: process.env.LOCAL_IN_MEMORY === '1' || process.env.LOCAL_IN_MEMORY === 'true',
    pipeline: process.env.LOCAL_PIPELINE !== 'off',
    ...(clockStart ? { clockStart } : {}),
  };
}

/** Environment defaults for the handlers when they run inside the local stack. */
export function applyLocalDefaults(values: { port: number; dynamodbEndpoint: string }): void {
  const defaults: Record<string, string> = {
    STAGE: 'local',
    APP_ORIGIN: `http://localhost:${values.port}`,
    EXTRA_ORIGINS: `http://127.0.0.1:${values.port},http://localhost:5173`,
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
