// The local stack's configuration: sets the environment the handlers' config module reads,
// before any handler is imported. Values the user set in the environment win.
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface LocalEnv {
  port: number;
  dataDir: string;
  inMemory: boolean;
}

/** Reads the local stack's own knobs (PORT, DATA_DIR, LOCAL_IN_MEMORY). */
export function readLocalEnv(): LocalEnv {
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${process.env.PORT}'`);
  return {
    port,
    dataDir: resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
    inMemory: process.env.LOCAL_IN_MEMORY === '1' || process.env.LOCAL_IN_MEMORY === 'true',
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
  // The endpoint of the DynamoDB Local we just started always wins.
  process.env.DYNAMODB_ENDPOINT = values.dynamodbEndpoint;
}
